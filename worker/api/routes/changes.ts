import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CHANGE_PAGE_DEFAULT, CHANGE_PAGE_MAX, parseCursor, readChanges } from '../../domain/changes/change-feed';
import { commonErrors, security } from '../openapi-helpers';
import { contactSchema } from '../schemas/contact';
import { changeLogPageQuery, changeLogPageResponses } from '../schemas/change-log-page';
import type { AppEnv } from '../types';

const changeSchema = z
  .object({
    seq: z.number().int(),
    contact_id: z.string(),
    change: z
      .enum(['upserted', 'deleted'])
      .openapi({ description: 'upserted: created or changed; deleted: deleted or merged away (a tombstone)' }),
    merged_into: z.string().nullable().openapi({ description: 'For a contact merged away: the contact it is now part of' }),
    changed_at: z.string(),
    contact: contactSchema.nullable().openapi({ description: 'The contact as it is now (null for a tombstone)' }),
  })
  .openapi('ContactChange');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Contacts'],
  security,
  description:
    "The signed-in user's contacts created, changed, merged or deleted since a cursor, oldest change first, each contact once " +
    'with its latest change. Without `since` it reads from the beginning: every live contact (and the recent tombstones), so a ' +
    'new client needs no other snapshot. Read pages until `has_more` is false, then keep `meta.cursor` for the next time. ' +
    'Tombstones are kept 90 days; an older cursor answers 410 `cursor_expired`: read again from the beginning. ' +
    'Changes of the score alone are not listed.',
  request: { query: changeLogPageQuery(CHANGE_PAGE_DEFAULT, CHANGE_PAGE_MAX) },
  responses: { ...changeLogPageResponses(changeSchema, 'A page of changes'), ...commonErrors },
});

export const changeRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  const { since, limit } = c.req.valid('query');
  const { store, settings } = c.var.deps;
  const page = await readChanges(store, parseCursor(since), limit, settings.BCC_DOMAIN);
  return c.json({ data: page.changes, meta: { cursor: page.cursor, has_more: page.has_more } }, 200);
});
