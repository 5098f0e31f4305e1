import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AppError } from '../../domain/errors';
import { unsubscribeFromDigest } from '../../domain/keep-in-touch/weekly-digest';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];

const unsubscribeRoute = createRoute({
  method: 'get',
  path: '/unsubscribe',
  tags,
  description:
    "The weekly digest email's unsubscribe link: the signed token is the credential, no session needed. Answers a small HTML page.",
  request: { query: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: { description: 'Unsubscribed', content: { 'text/html': { schema: z.string() } } },
    404: {
      description: 'The link is not valid',
      content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } },
    },
  },
});

export const digestRoutes = new OpenAPIHono<AppEnv>().openapi(unsubscribeRoute, async (c) => {
  if (!(await unsubscribeFromDigest(c.var.server, c.req.valid('query').token)))
    throw new AppError('not_found', 'This unsubscribe link is not valid');
  return c.html(
    '<!doctype html><meta charset="utf-8"><title>Unsubscribed · Kith</title><p>You will no longer get the weekly digest. You can turn it back on in Kith’s Settings.</p>',
    200,
  );
});
