// Only reached under `npm run dev` (Vite): in production the Worker sends /api/v1/* to
// Hono before Remix sees it. This keeps the API reachable with hot reload.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApiApp } from '../../worker/api/app';

let api: ReturnType<typeof createApiApp> | undefined;

function forward({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  api ??= createApiApp();
  return api.fetch(request, context.cloudflare.env, context.cloudflare.ctx as ExecutionContext);
}

export const loader = forward;
export const action = forward;
