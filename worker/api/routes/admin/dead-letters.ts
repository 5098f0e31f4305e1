import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { dismissDeadLetterCommand, replayDeadLetterCommand } from '../../../domain/dead-letters/dead-letter-commands';
import { listDeadLetters } from '../../../domain/dead-letters/dead-letters';
import { commonErrors, dataResponse, idParam, pagedResponse, pageMeta, pageQuery, security } from '../../openapi-helpers';
import type { AppEnv } from '../../types';

const deadLetterSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ description: 'The job type, e.g. geocode_contact' }),
    body: z.record(z.string(), z.unknown()).openapi({ description: 'The queue message as it was sent' }),
    error: z.string().openapi({ description: 'Why the last try failed' }),
    attempts: z.number().int().openapi({ description: 'Deliveries that failed, over every time it was dead-lettered' }),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
  })
  .openapi('DeadLetter');

const listRoute = createRoute({
  method: 'get',
  path: '/dead-letters',
  tags: ['Admin'],
  security,
  description: 'Background jobs of the signed-in user that failed every retry (the dead-letter queue), most recent first.',
  request: { query: z.object(pageQuery) },
  responses: { 200: pagedResponse(deadLetterSchema), ...commonErrors },
});

const replayRoute = createRoute({
  method: 'post',
  path: '/dead-letters/{id}/replay',
  tags: ['Admin'],
  security,
  description: 'Puts the job back on the jobs queue and removes it from the list. Jobs are idempotent, so a replay never doubles anything.',
  request: { params: idParam },
  responses: { 200: dataResponse(deadLetterSchema, 'The job that was queued again'), ...commonErrors },
});

const dismissRoute = createRoute({
  method: 'delete',
  path: '/dead-letters/{id}',
  tags: ['Admin'],
  security,
  description: 'Removes the failed job from the list without running it again.',
  request: { params: idParam },
  responses: { 204: { description: 'Dismissed' }, ...commonErrors },
});

export const deadLetterRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listDeadLetters(c.var.deps, c.var.user.id, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(replayRoute, async (c) => c.json({ data: await replayDeadLetterCommand.run({ ...c.var, ...c.req.valid('param') }, {}) }, 200))
  .openapi(dismissRoute, async (c) => {
    await dismissDeadLetterCommand.run({ ...c.var, ...c.req.valid('param') }, {});
    return c.body(null, 204);
  });
