import type { Env } from '../worker/env';

declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'> };
  }
}

export {};
