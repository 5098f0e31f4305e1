import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { companyNameSchema, PRIORITIES, tagSchema } from '../../../domain/contacts/contact-input';
import { CONTACT_LIMITS } from '../../../domain/contacts/contact-values';
import { applyBulkAction, MAX_BULK_IDS } from '../../../domain/bulk/bulk-actions';
import { countSecondTierContacts, deleteSecondTierContacts } from '../../../domain/bulk/second-tier';
import { contactListParams, toContactListQuery } from '../../../domain/search/contact-list-params';
import { listContactIds, listContacts } from '../../../domain/search/list-contacts';
import {
  commonErrors,
  dataResponse,
  jsonBody,
  pagedResponse,
  pageMeta,
  pageQuery,
  security,
  unprocessableError,
} from '../../openapi-helpers';
import { contactSchema } from '../../schemas/contact';
import { mergeContacts } from '../../../domain/merge/merge-contacts';
import type { AppEnv } from '../../types';
import { recordIdSchema } from '../../../domain/record-id';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Contacts'],
  security,
  description: 'Search, filter, sort and page the contacts. With `q`, the relevance tiers come first, then `sort`, then id.',
  request: { query: z.object({ ...contactListParams, ...pageQuery }) },
  responses: {
    200: pagedResponse(contactSchema, 'A page of contacts', {
      spellings: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe(
          'Present when `q` matched less than a page as typed and close spellings found more: each misspelt word with the close spellings also searched. Their matches follow the matches as typed.',
        ),
      exact_total: z.number().int().optional().describe('With `spellings`: how many of `total` matched `q` as typed (they come first)'),
    }),
    ...commonErrors,
  },
});

const idsRoute = createRoute({
  method: 'get',
  path: '/ids',
  tags: ['Contacts'],
  security,
  description: 'Every id matching the same query as GET /contacts, in list order (for "select all"), at most 10 000.',
  request: { query: z.object(contactListParams) },
  responses: { 200: dataResponse(z.object({ ids: z.array(z.string()), total: z.number().int() })), ...commonErrors },
});

const ids = z.array(recordIdSchema).min(1, 'select at least one contact').max(MAX_BULK_IDS, `at most ${MAX_BULK_IDS} contacts`);
const tags = z.array(tagSchema).min(1, 'give at least one tag').max(CONTACT_LIMITS.tags);
const bulkBody = z.discriminatedUnion('action', [
  z.object({ ids, action: z.literal('set_priority'), value: z.enum(PRIORITIES) }).strict(),
  z.object({ ids, action: z.literal('set_company'), value: companyNameSchema.nullable() }).strict(),
  z.object({ ids, action: z.literal('add_tags'), value: tags }).strict(),
  z.object({ ids, action: z.literal('remove_tags'), value: tags }).strict(),
  z.object({ ids, action: z.literal('archive') }).strict(),
  z.object({ ids, action: z.literal('delete') }).strict(),
  z.object({ ids, action: z.literal('merge') }).strict(),
]);

const bulkRoute = createRoute({
  method: 'post',
  path: '/bulk',
  tags: ['Contacts'],
  security,
  description:
    'Applies one action to up to 10 000 contacts, atomically: an id that is not yours answers 404 and nothing changes. `merge` combines the selection into the first id (`id` in the answer); fewer than two contacts answer 422.',
  request: { body: jsonBody(bulkBody) },
  responses: {
    200: dataResponse(z.object({ affected: z.number().int(), id: z.string().optional() })),
    ...commonErrors,
    ...unprocessableError,
  },
});

const secondTierCountRoute = createRoute({
  method: 'get',
  path: '/2nd-tier/count',
  tags: ['Contacts'],
  security,
  description: 'How many contacts are tagged "2nd tier" (any case).',
  responses: { 200: dataResponse(z.object({ count: z.number().int() })), ...commonErrors },
});

const secondTierDeleteRoute = createRoute({
  method: 'delete',
  path: '/2nd-tier',
  tags: ['Contacts'],
  security,
  description: 'Permanently deletes every contact tagged "2nd tier" with its related data (audited).',
  responses: { 200: dataResponse(z.object({ deleted_count: z.number().int() })), ...commonErrors },
});

export const contactListRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size, ...params } = c.req.valid('query');
    const { db, settings } = c.var.deps;
    const { items, total, spellings, exactTotal } = await listContacts(
      db,
      c.var.user.id,
      toContactListQuery(params),
      { page, pageSize: page_size },
      settings.BCC_DOMAIN,
    );
    return c.json(
      { data: items, meta: { ...pageMeta(page, page_size, total), ...(spellings ? { spellings, exact_total: exactTotal } : {}) } },
      200,
    );
  })
  .openapi(idsRoute, async (c) => {
    return c.json({ data: await listContactIds(c.var.deps.db, c.var.user.id, toContactListQuery(c.req.valid('query'))) }, 200);
  })
  .openapi(bulkRoute, async (c) => {
    const { ids: selected, ...action } = c.req.valid('json');
    if (action.action === 'merge') {
      const unique = [...new Set(selected)];
      const merged = await mergeContacts(c.var.deps, c.var.user.id, unique[0]!, unique.slice(1));
      return c.json({ data: { affected: unique.length, id: merged.survivorId } }, 200);
    }
    return c.json({ data: await applyBulkAction(c.var.deps, c.var.user.id, selected, action) }, 200);
  })
  .openapi(secondTierCountRoute, async (c) => {
    return c.json({ data: { count: await countSecondTierContacts(c.var.deps.db, c.var.user.id) } }, 200);
  })
  .openapi(secondTierDeleteRoute, async (c) => {
    return c.json({ data: await deleteSecondTierContacts(c.var.deps, c.var.user.id) }, 200);
  });
