import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { assertSeesEveryContact } from '../../domain/auth/contact-limit';
import { listAuditLog } from '../../domain/audit/audit-log';
import { commonErrors, pagedResponse, pageMeta, pageQuery, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string().openapi({
      description:
        'contact.delete, contacts.bulk_delete, contacts.delete_second_tier, contact.merge, organization.merge, tag.delete, note.delete, or a security event: security.<kind> (sign_in.new_device, password.changed, password.reset, two_factor.enabled/disabled/recovery_codes_replaced, token.created/revoked, calendar_feed.created/revoked, export.downloaded, app_password.*, passkey.*)',
    }),
    subject_type: z.string(),
    subject_id: z.string().nullable(),
    summary: z.string().openapi({ description: 'What happened, in one line' }),
    data: z.unknown().openapi({
      description:
        'What the action removed, as it was just before (its contents are dropped once the undo and unmerge windows close); for a security event its detail (device, masked address, a name, scopes, format), never a secret',
    }),
    created_at: z.string(),
  })
  .openapi('AuditEntry');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  security,
  description: "The signed-in user's record of destructive actions (deletes, merges) and the account's security events, newest first.",
  request: { query: z.object(pageQuery) },
  responses: { 200: pagedResponse(auditEntrySchema), ...commonErrors },
});

export const auditLogRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  // Its entries keep what was deleted (a contact's card, a note's text), whoever it belonged to.
  assertSeesEveryContact(c.var.deps.db, 'read the activity log, which keeps what was deleted');
  const { page, page_size } = c.req.valid('query');
  const { items, total } = await listAuditLog(c.var.deps.db, c.var.user.id, page, page_size);
  return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
});
