import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { assertSeesEveryContact } from '../../domain/auth/contact-limit';
import { recordSecurityEvent } from '../../domain/audit/security-events';
import { streamText } from '../../domain/export/contact-pages';
import { exportAccountJson } from '../../domain/export/json-export';
import { commonErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const jsonExportRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Export'],
  security,
  responses: {
    200: {
      description: 'Every organization, contact and interaction of the account, streamed',
      content: { 'application/json': { schema: {} } },
    },
    ...commonErrors,
  },
});

const stamp = () => new Date().toISOString().slice(0, 10);

export const exportRoutes = new OpenAPIHono<AppEnv>().openapi(jsonExportRoute, async (c) => {
  assertSeesEveryContact(c.var.deps.db);
  const { db, settings } = c.var.deps;
  await recordSecurityEvent(c.var.deps, 'export.downloaded', { format: 'everything, JSON' });
  return new Response(streamText(exportAccountJson(db, c.var.user, settings.BCC_DOMAIN)), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="kith-export-${stamp()}.json"`,
    },
  }) as never;
});
