// Under `npm run dev` (Vite) this keeps the API reachable with hot reload; in production the
// Worker sends /api/v1/* to Hono before Remix sees it. Remix matches decoded, case-blind
// paths, so "/%61pi/v1/me" also lands here: Hono answers such aliases 404 (canonical-path.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApiApp } from '../../worker/api/app';

let api: ReturnType<typeof createApiApp> | undefined;

function forward({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  api ??= createApiApp();
  return api.fetch(request, context.cloudflare.env, context.cloudflare.ctx as ExecutionContext);
}

export const loader = forward;
export const action = forward;
