// Local runs need SESSION_SECRET and ENCRYPTION_KEY; generate them once into .dev.vars
// (git-ignored). Production sets them with `wrangler secret put`.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function ensureDevVars(path = '.dev.vars') {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const lines = [];
  for (const name of ['SESSION_SECRET', 'ENCRYPTION_KEY']) {
    if (!new RegExp(`^${name}=`, 'm').test(current)) lines.push(`${name}=${randomBytes(32).toString('base64url')}`);
  }
  if (lines.length) writeFileSync(path, `${current}${current && !current.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`);
}
