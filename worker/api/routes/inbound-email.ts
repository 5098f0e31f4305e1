import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { logBccEmail } from '../../domain/bcc/log-bcc-email';
import { AppError } from '../../domain/errors';
import { notConfigured } from '../../domain/settings/not-configured';
import { commonErrors, dataResponse, providerErrors } from '../openapi-helpers';
import type { AppEnv } from '../types';

export const INBOUND_SECRET_HEADER = 'x-kith-inbound-secret';

async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const inboundRoute = createRoute({
  method: 'post',
  path: '/email',
  tags: ['BCC logging'],
  description:
    'For mail providers other than Cloudflare Email Routing: the raw MIME message as the body, the shared secret INBOUND_EMAIL_SECRET in the X-Kith-Inbound-Secret header, and the envelope recipient in ?to= when known (else the To/Cc headers are used).',
  security: [{ InboundSecret: [] }],
  request: {
    query: z.object({ to: z.string().max(320).optional() }),
    body: { required: true, content: { 'message/rfc822': { schema: z.string() }, 'text/plain': { schema: z.string() } } },
  },
  responses: {
    201: dataResponse(
      z.object({ logged: z.number().int(), contact_ids: z.array(z.string()) }),
      'Logged (logged = 0 when it was logged before)',
    ),
    ...commonErrors,
    ...providerErrors,
  },
});

export const inboundEmailRoutes = new OpenAPIHono<AppEnv>().openapi(inboundRoute, async (c) => {
  const secret = c.var.server.settings.INBOUND_EMAIL_SECRET;
  if (!secret) throw notConfigured('Forwarding email to Kith', ['INBOUND_EMAIL_SECRET']);
  const given = c.req.header(INBOUND_SECRET_HEADER) ?? '';
  if (!(await sameSecret(given, secret))) throw new AppError('unauthenticated', 'Missing or wrong inbound email secret');
  const raw = await c.req.arrayBuffer();
  if (raw.byteLength === 0)
    throw new AppError('invalid_request', 'The body must be a raw MIME message', { issues: [{ path: 'body', message: 'is empty' }] });
  return c.json({ data: await logBccEmail(c.var.server, raw, c.req.valid('query').to) }, 201);
});
