import type { DbTimer } from '../worker/db/timed-d1';
import type { Env } from '../worker/env';
import type { PageRefusal } from '../worker/page-guard';

declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, 'waitUntil' | 'passThroughOnException'> };
    /** Measures D1 time for the Server-Timing header; absent under `npm run dev`. */
    dbTimer?: DbTimer;
    /** The Content-Security-Policy nonce of this response's inline scripts. */
    cspNonce?: string;
    /** Set when the request is refused before any action runs (worker/page-guard.ts). */
    pageRefusal?: PageRefusal | null;
  }
}

export {};
