import type { OpenAPIHono } from '@hono/zod-openapi';
import { SCOPES } from '../domain/auth/scopes';
import { ROUTE_SCOPES, SESSION_ONLY } from './route-scopes';

type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

/**
 * Each operation's security names the scope a token needs for it (route-scopes.ts), as OpenAPI
 * writes required scopes: `{ Bearer: ["contacts:read"] }`. Added here, from the one table the
 * middleware enforces, so the document and the check cannot drift apart.
 */
export function withRouteScopes(doc: OpenApiDocument): OpenApiDocument {
  for (const [fullPath, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const key = `${method.toUpperCase()} ${fullPath.replace(/^\/api\/v1/, '')}`;
      const needed = ROUTE_SCOPES[key];
      if (!needed || needed === 'public') continue;
      if (SESSION_ONLY.has(key)) {
        operation.security = [{ Session: [] }];
        continue;
      }
      // A route that declares no security still takes both credentials (authenticate.ts).
      operation.security = (operation.security ?? [{ Session: [] }, { Bearer: [] }]).map((requirement: Record<string, string[]>) =>
        'Bearer' in requirement ? { Bearer: [needed] } : requirement,
      );
    }
  }
  return doc;
}

/** The Bearer scheme's description: what each scope allows, and the default. */
export const bearerDescription = [
  'Personal access token. Each operation names the scope it needs; a token without it gets 403 `insufficient_scope`.',
  ...Object.entries(SCOPES).map(([name, scope]) => `- \`${name}\`: ${scope.description}`),
  'A token created without `scopes` has `contacts:read` and `contacts:write`, never `account`. A session cookie may do everything.',
  'Whatever its scopes, a token cannot add a passkey, a sync password, a device with notifications or two-factor: those operations name only the Session scheme and answer a token 403 `forbidden`.',
].join('\n');
