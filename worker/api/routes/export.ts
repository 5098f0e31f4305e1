import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { contactPages, streamText } from '../../domain/export/contact-pages';
import { exportAccountJson } from '../../domain/export/json-export';
import { contactToVcard } from '../../domain/export/vcard';
import { vcardExtrasOf } from '../../domain/export/vcard-extras';
import { commonErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const jsonExportRoute = createRoute({
  method: 'get',
  path: '/export.json',
  tags: ['Export'],
  security,
  responses: { 200: { description: 'Every organization, contact and interaction of the account, streamed', content: { 'application/json': { schema: {} } } }, ...commonErrors },
});

const vcardExportRoute = createRoute({
  method: 'get',
  path: '/contacts/export.vcf',
  tags: ['Export'],
  security,
  responses: { 200: { description: 'Every contact as vCard 4.0, streamed', content: { 'text/vcard': { schema: {} } } }, ...commonErrors },
});

const stamp = () => new Date().toISOString().slice(0, 10);

export const exportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(jsonExportRoute, (c) => {
    const { db, settings } = c.var.deps;
    return new Response(streamText(exportAccountJson(db, c.var.user, settings.BCC_DOMAIN)), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="kith-export-${stamp()}.json"` },
    }) as never;
  })
  .openapi(vcardExportRoute, (c) => {
    const { db, settings } = c.var.deps;
    async function* cards() {
      for await (const page of contactPages(db, c.var.user.id, settings.BCC_DOMAIN)) {
        const extras = await vcardExtrasOf(c.var.deps, c.var.user.id, page);
        yield page.map((contact) => contactToVcard(contact, extras.get(contact.id))).join('');
      }
    }
    return new Response(streamText(cards()), {
      headers: { 'content-type': 'text/vcard; charset=utf-8', 'content-disposition': `attachment; filename="kith-contacts-${stamp()}.vcf"` },
    }) as never;
  });
