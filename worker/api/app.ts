import { lifeEventRoutes } from './routes/life-events';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { TrieRouter } from 'hono/router/trie-router';
import { DbTimer, serverTiming } from '../db/timed-d1';
import { depsFromEnv } from '../domain/deps';
import { AppError } from '../domain/errors';
import { MAX_CONTACT_FILE_BYTES, MAX_CONTACT_FILE_LABEL } from '../domain/files/file-limits';
import { withD1BookmarkHeader } from './d1-bookmark-doc';
import { bearerDescription, withRouteScopes } from './route-scopes-doc';
import { errorResponse, invalidRequest, zodIssues } from './error-envelope';
import { authenticate } from './middleware/authenticate';
import { recordTokenWrites } from './middleware/token-writes';
import { canonicalPath } from './middleware/canonical-path';
import { apiResponseHeaders } from './middleware/response-headers';
import { wellFormedJson } from './middleware/well-formed-json';
import { adminApp } from './routes/admin';
import { agendaRoutes } from './routes/agenda';
import { auditLogRoutes } from './routes/audit-log';
import { mergeRoutes } from './routes/merges';
import { authApp } from './routes/auth';
import { calendarFeedRoutes } from './routes/calendar';
import { changeRoutes } from './routes/changes';
import { searchIndexRoutes } from './routes/search-index';
import { contactPhotoRoutes } from './routes/contact-photos';
import { contactsApp } from './routes/contacts';
import { digestRoutes } from './routes/digest';
import { exportRoutes } from './routes/export';
import { extensionRoutes } from './routes/extension';
import { followupRoutes } from './routes/followups';
import { googleSyncRoutes } from './routes/google-sync';
import { healthRoutes } from './routes/health';
import { homeRoutes } from './routes/home';
import { importRoutes } from './routes/imports';
import { monicaImportRoutes } from './routes/monica-import';
import { backupRoutes } from './routes/backup';
import { inboundEmailRoutes } from './routes/inbound-email';
import { integrationsApp } from './routes/integrations';
import { interactionRoutes } from './routes/interactions';
import { mapRoutes } from './routes/map';
import { meApp } from './routes/me';
import { organizationsApp } from './routes/organizations';
import { reminderRoutes } from './routes/reminders';
import { remoteImageRoutes } from './routes/remote-images';
import { settingsRoutes } from './routes/settings';
import { smartListRoutes } from './routes/smart-lists';
import { tagRoutes } from './routes/tags';
import { tokenRoutes } from './routes/tokens';
import { appPasswordRoutes } from './routes/app-passwords';
import { connectedAppRoutes } from './routes/connected-apps';
import { pushRoutes } from './routes/push';
import { webhookRoutes } from './routes/webhooks';
import type { AppEnv } from './types';
import { registerWebhookPayloads } from './webhooks-doc';

/** Paths that answer without a signed-in user. */
const PUBLIC_PATHS = new Set([
  '/api/v1/health',
  '/api/v1/openapi.json',
  '/api/v1/auth/signup',
  '/api/v1/auth/login',
  '/api/v1/auth/login/two-factor',
  '/api/v1/auth/login/two-factor/passkey/options',
  '/api/v1/auth/login/two-factor/passkey',
  '/api/v1/auth/passkey/options',
  '/api/v1/auth/passkey',
  '/api/v1/auth/password/forgot',
  '/api/v1/auth/password/reset',
  // Authenticates by its shared secret (INBOUND_EMAIL_SECRET), not by a user.
  '/api/v1/inbound/email',
  // The weekly digest's unsubscribe link: its signed token is the credential.
  '/api/v1/digest/unsubscribe',
]);

/** Uploads of a contact's file (POST /contacts/{id}/files), which take more than the 1 MB of a JSON body. */
const CONTACT_FILE_UPLOAD = /^\/api\/v1\/contacts\/[^/]+\/files$/;

/** Paths whose secret URL is the credential (the calendar feed). */
const PUBLIC_PREFIXES = ['/api/v1/calendar/'];

export function createApiApp() {
  const app = new OpenAPIHono<AppEnv>({
    // TrieRouter on purpose (ADR 017): the default SmartRouter tries RegExpRouter first, which
    // refuses this table (/contacts/{id} after /contacts/ids) and falls back to TrieRouter only
    // after a wasted build at each isolate's first request. TrieRouter builds as routes are
    // added, here at module start, and keeps the order routes were added in. Only this root
    // app matches requests: route() copies each resource's routes into it.
    router: new TrieRouter(),
    defaultHook: (result) => {
      if (!result.success) throw invalidRequest(zodIssues(result.error));
    },
  }).basePath('/api/v1');

  app.onError((error, c) => errorResponse(c, error));
  app.notFound((c) => errorResponse(c, new AppError('not_found', `No route for ${c.req.method} ${c.req.path}`)));

  // ADR 011: no-store and nosniff on every answer; the literal /api/v1 path only.
  app.use('*', apiResponseHeaders);
  app.use('*', canonicalPath);
  // Server-Timing: total time in the Worker and time waiting on D1 (read by `npm run bench`).
  app.use('*', async (c, next) => {
    const timer = new DbTimer();
    const start = performance.now();
    c.set('server', depsFromEnv(c.env, timer));
    await next();
    c.res.headers.append('Server-Timing', serverTiming(performance.now() - start, timer));
  });
  // JSON bodies are small; uploads (imports) set their own, larger limit.
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/v1/imports')) return next();
    // A contact's file: its own cap (ADR 066), read from Content-Length before the body.
    if (c.req.method === 'POST' && CONTACT_FILE_UPLOAD.test(c.req.path))
      return bodyLimit({
        maxSize: MAX_CONTACT_FILE_BYTES + 64 * 1024,
        onError: () => {
          throw new AppError('payload_too_large', `The file is larger than ${MAX_CONTACT_FILE_LABEL}, the most a contact's file may be`, {
            max_bytes: MAX_CONTACT_FILE_BYTES,
          });
        },
      })(c, next);
    // Forwarded emails carry attachments: Email Routing's own limit is 25 MB.
    if (c.req.path === '/api/v1/inbound/email')
      return bodyLimit({
        maxSize: 25 * 1024 * 1024,
        onError: () => {
          throw new AppError('payload_too_large', 'The email is larger than 25 MB');
        },
      })(c, next);
    return bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', 'The request body is larger than 1 MB');
      },
    })(c, next);
  });
  app.use('*', async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path) || PUBLIC_PREFIXES.some((p) => c.req.path.startsWith(p))) return next();
    return authenticate(c, next);
  });
  app.use('*', recordTokenWrites);
  app.use('*', wellFormedJson);

  // One resource per prefix; each composes its own parts (routes/contacts/index.ts...).
  const api = app
    .route('/health', healthRoutes)
    .route('/auth', authApp)
    .route('/me', meApp)
    .route('/tokens', tokenRoutes)
    .route('/app-passwords', appPasswordRoutes)
    .route('/connected-apps', connectedAppRoutes)
    .route('/push', pushRoutes)
    .route('/contacts', contactsApp)
    .route('/contact-photos', contactPhotoRoutes)
    .route('/images', remoteImageRoutes)
    .route('/changes', changeRoutes)
    .route('/search-index', searchIndexRoutes)
    .route('/organizations', organizationsApp)
    .route('/tags', tagRoutes)
    .route('/smart-lists', smartListRoutes)
    .route('/interactions', interactionRoutes)
    .route('/reminders', reminderRoutes)
    .route('/agenda', agendaRoutes)
    .route('/followups', followupRoutes)
    .route('/home', homeRoutes)
    .route('/map', mapRoutes)
    .route('/imports', importRoutes)
    .route('/imports', monicaImportRoutes)
    .route('/sync', googleSyncRoutes)
    .route('/export.json', exportRoutes)
    .route('/backup', backupRoutes)
    .route('/extension', extensionRoutes)
    .route('/integrations', integrationsApp)
    .route('/settings', settingsRoutes)
    .route('/calendar', calendarFeedRoutes)
    .route('/digest', digestRoutes)
    .route('/inbound', inboundEmailRoutes)
    .route('/admin', adminApp)
    .route('/audit-log', auditLogRoutes)
    .route('/merges', mergeRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/life-events', lifeEventRoutes);

  registerWebhookPayloads(app);
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    description: bearerDescription,
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'InboundSecret', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Kith-Inbound-Secret',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Session', { type: 'apiKey', in: 'cookie', name: 'kith_session' });
  const info = { title: 'Kith API', version: '1.0.0', description: 'The HTTP API of Kith, a personal relationship manager.' };
  app.get('/openapi.json', (c) => c.json(withRouteScopes(withD1BookmarkHeader(app.getOpenAPI31Document({ openapi: '3.1.0', info })))));
  return api;
}

export type ApiApp = ReturnType<typeof createApiApp>;
