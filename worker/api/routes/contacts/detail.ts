import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { getContactView } from '../../../domain/contacts/contact-view';
import { dismissDuplicate, findDuplicates } from '../../../domain/duplicates/find-duplicates';
import { mergeContactCommand } from '../../../domain/merge/merge-command';
import { previewMerge } from '../../../domain/merge/merge-preview';
import { mergesInto } from '../../../domain/merge/unmerge';
import { recordIdSchema } from '../../../domain/record-id';
import { requestContactSync } from '../../../domain/sync/request-contact-sync';
import { assertContactExists, listTimeline } from '../../../domain/timeline/list-timeline';
import { addNoteCommand, logMeetingCommand } from '../../../domain/timeline/timeline-commands';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security, unprocessableError } from '../../openapi-helpers';
import { contactSchema } from '../../schemas/contact';
import { duplicateSchema, interactionSchema } from '../../schemas/detail';
import { idempotencyHeaders } from '../../schemas/write-headers';
import type { AppEnv } from '../../types';

const tags = ['Contact detail'];

const timelineRoute = createRoute({
  method: 'get',
  path: '/{id}/timeline',
  tags,
  security,
  request: {
    params: idParam,
    query: z.object({
      cursor: z.string().max(500).optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .default(50)
        .transform((n) => Math.min(n, 200)),
    }),
  },
  responses: {
    200: {
      description: 'Interactions, newest first; pass meta.next_cursor as cursor for the next page',
      content: {
        'application/json': {
          schema: z.object({ data: z.array(interactionSchema), meta: z.object({ next_cursor: z.string().nullable() }) }),
        },
      },
    },
    ...commonErrors,
  },
});

const noteRoute = createRoute({
  method: 'post',
  path: '/{id}/notes',
  tags,
  security,
  request: { params: idParam, headers: idempotencyHeaders, body: jsonBody(addNoteCommand.input) },
  responses: {
    201: dataResponse(interactionSchema, 'The note, an interaction of kind note'),
    ...commonErrors,
    ...conflictError,
    ...unprocessableError,
  },
});

const meetingRoute = createRoute({
  method: 'post',
  path: '/{id}/meetings',
  tags,
  security,
  request: { params: idParam, body: jsonBody(logMeetingCommand.input) },
  responses: { 201: dataResponse(interactionSchema, 'The meeting, an interaction of kind meeting'), ...commonErrors },
});

const duplicatesRoute = createRoute({
  method: 'get',
  path: '/{id}/duplicates',
  tags,
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(duplicateSchema), 'Possible duplicates, best first'), ...commonErrors },
});

const dismissDuplicateRoute = createRoute({
  method: 'post',
  path: '/{id}/duplicates/{other_id}/dismiss',
  tags,
  security,
  request: { params: idParam.extend({ other_id: recordIdSchema }) },
  responses: { 204: { description: 'The pair is not suggested again' }, ...commonErrors, ...unprocessableError },
});

const side = z.string().nullable();
const mergePreviewSchema = z.object({
  this: z.object({ id: z.string(), full_name: z.string() }),
  other: z.object({ id: z.string(), full_name: z.string() }),
  fields: z.array(z.object({ field: z.string(), label: z.string(), this: side, other: side, conflict: z.boolean(), merged: side })),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), of: z.enum(['this', 'other']), contacts: z.number().int() })),
  dates: z
    .array(z.object({ label: z.string(), date: z.string(), of: z.enum(['this', 'other']) }))
    .openapi({ description: 'Every date of both besides the birthdays (a field): all are kept' }),
  moves: z.array(z.string()).openapi({ description: 'What moves from the other contact besides its fields, e.g. "3 reminders"' }),
});

const mergePreviewRoute = createRoute({
  method: 'get',
  path: '/{id}/merge-preview',
  tags,
  security,
  description:
    'What merging `other_id` into {id} would give, field by field, before anything changes. Where both hold different values (`conflict`), POST /merge takes `choices`.',
  request: { params: idParam, query: z.object({ other_id: recordIdSchema }) },
  responses: { 200: dataResponse(mergePreviewSchema, 'The merge, previewed'), ...commonErrors, ...unprocessableError },
});

const mergeRoute = createRoute({
  method: 'post',
  path: '/{id}/merge',
  tags,
  security,
  request: { params: idParam, body: jsonBody(mergeContactCommand.input) },
  responses: { 200: dataResponse(contactSchema, 'The merged contact ({id} survives)'), ...commonErrors, ...unprocessableError },
});

const mergesRoute = createRoute({
  method: 'get',
  path: '/{id}/merges',
  tags,
  security,
  description: 'The merges into this contact that can be undone (POST /merges/{merge_id}/unmerge), newest first; at most 50.',
  request: { params: idParam },
  responses: {
    200: dataResponse(
      z.array(z.object({ id: z.string(), origin: z.enum(['manual', 'auto']), merged_at: z.string(), merged_name: z.string() })),
      'Merges into this contact',
    ),
    ...commonErrors,
  },
});

const syncRoute = createRoute({
  method: 'post',
  path: '/{id}/sync',
  tags,
  security,
  request: { params: idParam },
  responses: {
    202: dataResponse(
      z.object({ queued: z.boolean().openapi({ description: 'false when a sync was requested within the last hour' }) }),
      'Accepted',
    ),
    ...commonErrors,
  },
});

export const contactDetailRoutes = new OpenAPIHono<AppEnv>()
  .openapi(timelineRoute, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const { items, nextCursor } = await listTimeline(c.var.deps.db, c.var.user.id, c.req.valid('param').id, { cursor, limit });
    return c.json({ data: items, meta: { next_cursor: nextCursor } }, 200);
  })
  .openapi(noteRoute, async (c) =>
    c.json(
      {
        data: await addNoteCommand.run(
          { ...c.var, ...c.req.valid('param'), idempotencyKey: c.req.valid('header')['idempotency-key'] },
          c.req.valid('json'),
        ),
      },
      201,
    ),
  )
  .openapi(meetingRoute, async (c) =>
    c.json({ data: await logMeetingCommand.run({ ...c.var, ...c.req.valid('param') }, c.req.valid('json')) }, 201),
  )
  .openapi(duplicatesRoute, async (c) => c.json({ data: await findDuplicates(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200))
  .openapi(dismissDuplicateRoute, async (c) => {
    const { id, other_id } = c.req.valid('param');
    await dismissDuplicate(c.var.deps.db, c.var.user.id, id, other_id);
    return c.body(null, 204);
  })
  .openapi(mergePreviewRoute, async (c) =>
    c.json({ data: await previewMerge(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('query').other_id) }, 200),
  )
  .openapi(mergeRoute, async (c) => {
    const { id } = c.req.valid('param');
    await mergeContactCommand.run({ ...c.var, id }, c.req.valid('json'));
    return c.json({ data: await getContactView(c.var.deps.db, c.var.user.id, id, c.var.deps.settings.BCC_DOMAIN) }, 200);
  })
  .openapi(mergesRoute, async (c) => {
    const { id } = c.req.valid('param');
    await assertContactExists(c.var.deps.db, c.var.user.id, id);
    return c.json({ data: await mergesInto(c.var.deps.db, c.var.user.id, id) }, 200);
  })
  .openapi(syncRoute, async (c) =>
    c.json({ data: { queued: await requestContactSync(c.var.deps, c.var.user.id, c.req.valid('param').id) } }, 202),
  );
