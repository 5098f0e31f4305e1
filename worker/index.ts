import { createRequestHandler, type ServerBuild } from '@remix-run/cloudflare';
// The Remix server build, written by `npm run build` before wrangler or the tests bundle
// this file; it has no type declarations of its own, so it is typed as ServerBuild below.
// @ts-ignore -- absent until the first build
import * as remixBuild from '../build/server';
import { createApiApp } from './api/app';
import { DbTimer, serverTiming } from './db/timed-d1';
import { receiveEmail } from './email/receive-email';
import type { Env } from './env';
import { consumeJobs } from './jobs/consumer';
import { consumeDeadLetters, DEAD_LETTER_QUEUE } from './jobs/dead-letter-queue';
import type { JobMessage } from './jobs/messages';
import { runScheduled } from './jobs/scheduled';
import { isUtf8Form } from './request-text';
import { newCspNonce, withSecurityHeaders } from './security-headers';

const api = createApiApp();
const remix = createRequestHandler(remixBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) return api.fetch(request, env, ctx);
    const cspNonce = newCspNonce();
    // ADR 011: a page's form post that is not UTF-8 is refused before any action runs.
    if (!(await isUtf8Form(request))) {
      const refused = new Response('This form was not sent as UTF-8 text, so nothing was saved. Go back, reload the page and try again.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      return withSecurityHeaders(request, refused, env, cspNonce);
    }
    const dbTimer = new DbTimer();
    const start = performance.now();
    const response = await remix(request, { cloudflare: { env, ctx }, dbTimer, cspNonce });
    return withSecurityHeaders(request, response, env, cspNonce, serverTiming(performance.now() - start, dbTimer));
  },
  queue: (batch, env) => (batch.queue === DEAD_LETTER_QUEUE ? consumeDeadLetters(batch, env) : consumeJobs(batch, env)),
  scheduled: (controller, env) => runScheduled(controller, env),
  email: (message, env) => receiveEmail(message, env),
} satisfies ExportedHandler<Env, JobMessage>;
