import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare';
// The Remix server build, written by `npm run build` before wrangler or the tests bundle
// this file; it has no type declarations of its own, so it is typed as ServerBuild below.
// @ts-ignore -- absent until the first build
import * as remixBuild from '../build/server';
import { createApiApp } from './api/app';
import { handleDav, isDavPath } from './dav/dav-handler';
import { handleMcp, MCP_PATH } from './mcp/mcp-handler';
import { handleOAuth, isOAuthPath } from './oauth/oauth-handler';
import { openRequestD1 } from './db/d1-session';
import { DbTimer, serverTiming } from './db/timed-d1';
import { receiveEmail } from './email/receive-email';
import { getSettings, withBindings, type Env } from './env';
import { consumeJobs } from './jobs/consumer';
import { consumeDeadLetters, DEAD_LETTER_QUEUE } from './jobs/dead-letter-queue';
import type { JobMessage } from './jobs/messages';
import { runScheduled } from './jobs/scheduled';
import { PAGE_METHODS, pageRefusal, requestForRemix, withGuardedActions } from './page-guard';
import { cspReports } from './csp-reports';
import { CSP_REPORT_PATH, newCspNonce, withSecurityHeaders, withTransportSecurity } from './security-headers';
import { trustedClientAddress } from './domain/auth/client-address';

// The Durable Object class of the Telegram gateway container ([env.production] in wrangler.toml).
export { TelegramGatewayContainer } from './providers/telegram/gateway-container';

const api = createApiApp();
const remix = createRequestHandler(withGuardedActions(remixBuild as unknown as ServerBuild));

async function answer(request: Request, primaryEnv: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  const isApi = pathname === '/api/v1' || pathname.startsWith('/api/v1/');
  // The phone's address book (CardDAV, ADR 028): its own router, reads and writes on the primary.
  if (isDavPath(pathname)) return handleDav(request, primaryEnv);
  // What the page CSP blocked, reported by browsers: on the primary, like every rate limit.
  if (pathname === CSP_REPORT_PATH) return cspReports.fetch(request, primaryEnv, ctx);
  // Agents (MCP, ADR 035): stateless POSTs that may write, on the primary.
  if (pathname === MCP_PATH) return handleMcp(request, primaryEnv);
  // Their OAuth (ADR 042): metadata, registration and tokens; the consent page is a Remix page.
  if (isOAuthPath(pathname)) return handleOAuth(request, primaryEnv);
  // Reads may come from a replica at the client's bookmark; writes start on the primary (ADR 014).
  const d1 = openRequestD1(primaryEnv.DB, request, isApi ? 'api' : 'page');
  const env = withBindings(primaryEnv, { DB: d1.db });
  if (isApi) return d1.carryBookmark(await api.fetch(request, env, ctx));
  const cspNonce = newCspNonce();
  const refusal = pageRefusal(request, getSettings(env).APP_URL);
  const dbTimer = new DbTimer();
  const start = performance.now();
  const response = await remix(requestForRemix(request, refusal), { cloudflare: { env, ctx }, dbTimer, cspNonce, pageRefusal: refusal });
  const page = withSecurityHeaders(request, response, env, cspNonce, serverTiming(performance.now() - start, dbTimer));
  // Our refusal: the methods pages take; Remix's own 405 (a POST to a page without a form): reads only.
  if (page.status === 405) page.headers.set('Allow', refusal?.status === 405 ? PAGE_METHODS.join(', ') : 'GET, HEAD');
  return d1.carryBookmark(page);
}

export default {
  async fetch(received, primaryEnv, ctx) {
    // A malformed setting stops every request here, with its name in the log.
    const request = trustedClientAddress(received, getSettings(primaryEnv).BEHIND_CLOUDFLARE);
    return withTransportSecurity(request, await answer(request, primaryEnv, ctx));
  },
  queue: (batch, env) => (batch.queue === DEAD_LETTER_QUEUE ? consumeDeadLetters(batch, env) : consumeJobs(batch, env)),
  scheduled: (controller, env) => runScheduled(controller, env),
  email: (message, env) => receiveEmail(message, env),
} satisfies ExportedHandler<Env, JobMessage>;
