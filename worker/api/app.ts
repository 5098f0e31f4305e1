import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { depsFromEnv } from '../domain/deps';
import { AppError } from '../domain/errors';
import { errorResponse, invalidRequest, zodIssues } from './error-envelope';
import { authenticate } from './middleware/authenticate';
import { apiRateLimit } from './middleware/rate-limit';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { contactRoutes } from './routes/contacts';
import { healthRoutes } from './routes/health';
import { mapRoutes } from './routes/map';
import { meRoutes } from './routes/me';
import { organizationRoutes } from './routes/organizations';
import type { AppEnv } from './types';

/** Paths that answer without a signed-in user. */
const PUBLIC_PATHS = new Set(['/api/v1/health', '/api/v1/openapi.json', '/api/v1/auth/signup', '/api/v1/auth/login']);

export function createApiApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw invalidRequest(zodIssues(result.error));
    },
  }).basePath('/api/v1');

  app.onError((error, c) => errorResponse(c, error));
  app.notFound((c) => errorResponse(c, new AppError('not_found', `No route for ${c.req.method} ${c.req.path}`)));

  app.use('*', async (c, next) => {
    c.set('deps', depsFromEnv(c.env));
    await next();
  });
  // JSON bodies are small; uploads (imports) set their own, larger limit.
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/v1/imports')) return next();
    return bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw new AppError('payload_too_large', 'The request body is larger than 1 MB'); } })(c, next);
  });
  app.use('*', async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next();
    return authenticate(c, async () => {
      await apiRateLimit(c, next);
    });
  });

  app.route('/', healthRoutes);
  app.route('/', authRoutes);
  app.route('/', meRoutes);
  // Before contactRoutes, so /contacts/map is not taken for /contacts/{id}.
  app.route('/', mapRoutes);
  app.route('/', contactRoutes);
  app.route('/', adminRoutes);
  app.route('/', organizationRoutes);

  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', { type: 'http', scheme: 'bearer', description: 'Personal access token' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'Session', { type: 'apiKey', in: 'cookie', name: 'kith_session' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Kith API', version: '1.0.0', description: 'The HTTP API of Kith, a personal relationship manager.' },
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
