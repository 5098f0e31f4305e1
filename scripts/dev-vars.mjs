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

/**
 * APP_URL for a local server on `port`: the one set in the environment or .dev.vars, else
 * the server's own address. Links in emails and OAuth redirects are built from it, never
 * from a request's Host header (docs/decisions/007).
 */
export function localAppUrl(port, path = '.dev.vars') {
  if (process.env.APP_URL) return process.env.APP_URL;
  const set = existsSync(path) ? readFileSync(path, 'utf8').match(/^APP_URL\s*=\s*"?([^"\n]+)"?\s*$/m) : null;
  return set ? set[1] : `http://localhost:${port}`;
}
