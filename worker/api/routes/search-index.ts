import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { parseCursor } from '../../domain/changes/change-feed';
import { readScoreChanges } from '../../domain/changes/score-change-feed';
import { readSearchIndex, SEARCH_INDEX_PAGE_DEFAULT, SEARCH_INDEX_PAGE_MAX } from '../../domain/changes/search-index-feed';
import { commonErrors, security } from '../openapi-helpers';
import { changeLogPageQuery, changeLogPageResponses } from '../schemas/change-log-page';
import type { AppEnv } from '../types';

const searchRowSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    name_sort: z.string().openapi({ description: 'The full name folded as search folds it' }),
    name_latin: z.string().nullable().openapi({ description: 'A Cyrillic or Greek name in Latin letters, searched as the name' }),
    company: z.string().nullable().openapi({ description: "The words search finds the company by: its name and its website's host" }),
    company_name: z.string().nullable(),
    company_id: z.string().nullable(),
    title: z.string().nullable(),
    handles: z.string().nullable().openapi({ description: 'Telegram and X usernames and LinkedIn slugs, space-separated' }),
    emails: z.array(z.string()),
    places: z.string().nullable().openapi({ description: 'The location and the geocoded place' }),
    tags: z.array(z.string()),
    priority: z.enum(['high', 'medium', 'low', 'archived']),
    relationship_score: z.number(),
    next_due: z.string().nullable(),
    created_at: z.string(),
    last_interaction_at: z.string().nullable(),
    connected_on: z.string().nullable(),
  })
  .openapi('SearchRow');

const changeSchema = z
  .object({
    contact_id: z.string(),
    change: z.enum(['upserted', 'deleted']),
    merged_into: z.string().nullable(),
    row: searchRowSchema.nullable().openapi({ description: 'The contact as search sees it now (null for a tombstone)' }),
  })
  .openapi('SearchRowChange');

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Contacts'],
  security,
  description:
    "The signed-in user's contacts as a local search index keeps them: the words search finds them by (never notes, messages or " +
    'phones) and what the list sorts by. Read from the change log of GET /changes, with the same cursors: without `since`, every ' +
    'live contact (the snapshot, in pages); with it, the contacts created, changed, merged or deleted since. Read pages until ' +
    '`has_more` is false and keep `meta.cursor`. An expired cursor answers 410 `cursor_expired`: build again from the beginning. ' +
    'Changes of the score alone are not listed.',
  request: { query: changeLogPageQuery(SEARCH_INDEX_PAGE_DEFAULT, SEARCH_INDEX_PAGE_MAX) },
  responses: { ...changeLogPageResponses(changeSchema, 'A page of the index'), ...commonErrors },
});

const scoresRoute = createRoute({
  method: 'get',
  path: '/scores',
  tags: ['Contacts'],
  security,
  description:
    'The contacts whose relationship score moved since a cursor (the nightly refresh, new messages), as the rows GET /search-index ' +
    "gives, so a local index's order by score stays current: GET /search-index leaves score-only changes out. Without `since`, no " +
    'rows and the cursor to start from (take it before reading the snapshot). A cursor this log did not give answers 410 ' +
    '`cursor_expired`: ask again without `since`. Deleted contacts are GET /search-index tombstones.',
  request: {
    query: changeLogPageQuery(SEARCH_INDEX_PAGE_DEFAULT, SEARCH_INDEX_PAGE_MAX).extend({
      since: z
        .string()
        .max(20)
        .optional()
        .openapi({ description: "The cursor of an earlier page's meta; absent gives the cursor to start from" }),
    }),
  },
  responses: { ...changeLogPageResponses(changeSchema, 'A page of moved scores, as index rows'), ...commonErrors },
});

export const searchIndexRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { since, limit } = c.req.valid('query');
    const page = await readSearchIndex(c.var.deps.store, parseCursor(since), limit);
    return c.json({ data: page.changes, meta: { cursor: page.cursor, has_more: page.has_more } }, 200);
  })
  .openapi(scoresRoute, async (c) => {
    const { since, limit } = c.req.valid('query');
    const page = await readScoreChanges(c.var.deps.store, since === undefined ? null : parseCursor(since), limit);
    return c.json({ data: page.changes, meta: { cursor: page.cursor, has_more: page.has_more } }, 200);
  });
