import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { assertSeesEveryContact } from '../../../domain/auth/contact-limit';
import { recordSecurityEvent } from '../../../domain/audit/security-events';
import { contactPages, streamText } from '../../../domain/export/contact-pages';
import { exportContactsCsv } from '../../../domain/imports/export-contacts';
import { contactToVcard } from '../../../domain/export/vcard';
import { vcardExtrasOf } from '../../../domain/export/vcard-extras';
import { commonErrors, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const csvExportRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags: ['Contacts'],
  security,
  responses: {
    200: {
      description: 'Every contact as CSV (UTF-8 with BOM), in the columns the CSV import recognises',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...commonErrors,
  },
});

const vcardExportRoute = createRoute({
  method: 'get',
  path: '/export.vcf',
  tags: ['Export'],
  security,
  responses: { 200: { description: 'Every contact as vCard 4.0, streamed', content: { 'text/vcard': { schema: {} } } }, ...commonErrors },
});

const stamp = () => new Date().toISOString().slice(0, 10);

export const contactExportRoutes = new OpenAPIHono<AppEnv>()
  .openapi(csvExportRoute, async (c) => {
    assertSeesEveryContact(c.var.deps.db);
    await recordSecurityEvent(c.var.deps, 'export.downloaded', { format: 'contacts, CSV' });
    const day = stamp();
    return c.body(exportContactsCsv(c.var.deps, c.var.user.id), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="kith-contacts-${day}.csv"`,
    });
  })
  .openapi(vcardExportRoute, async (c) => {
    assertSeesEveryContact(c.var.deps.db);
    await recordSecurityEvent(c.var.deps, 'export.downloaded', { format: 'contacts, vCard' });
    const { db, settings } = c.var.deps;
    async function* cards() {
      for await (const page of contactPages(db, c.var.user.id, settings.BCC_DOMAIN)) {
        const extras = await vcardExtrasOf(c.var.deps, c.var.user.id, page);
        yield page.map((contact) => contactToVcard(contact, extras.get(contact.id))).join('');
      }
    }
    return new Response(streamText(cards()), {
      headers: {
        'content-type': 'text/vcard; charset=utf-8',
        'content-disposition': `attachment; filename="kith-contacts-${stamp()}.vcf"`,
      },
    }) as never;
  });
