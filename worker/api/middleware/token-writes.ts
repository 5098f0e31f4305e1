import { createMiddleware } from 'hono/factory';
import { recordTokenWrite } from '../../domain/audit/agent-activity';
import type { AppEnv } from '../types';
import { operationOf } from './route-scope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CONTACT_PATH = /^\/api\/v1\/contacts\/([^/]+)/;

/**
 * Records each write a personal access token made (issue 47): the token's name, the operation,
 * and the contact it touched when the path names one (or POST /contacts made one).
 */
export const recordTokenWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.var.authKind !== 'token' || SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
  const operation = operationOf(c);
  if (!operation) return;
  let contactId = operation.startsWith(`${c.req.method} /contacts/{id}`) ? (CONTACT_PATH.exec(c.req.path)?.[1] ?? null) : null;
  if (operation === 'POST /contacts') contactId = ((await c.res.clone().json()) as { data?: { id?: string } }).data?.id ?? null;
  await recordTokenWrite(c.var.deps, c.var.caller, { what: operation, contactId });
});
