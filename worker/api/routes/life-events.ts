import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { acceptProposalCommand } from '../../domain/life-events/life-event-commands';
import { dismissProposal, listProposals } from '../../domain/life-events/proposals';
import { commonErrors, conflictError, dataResponse, idParam, pagedResponse, pageMeta, pageQuery, security } from '../openapi-helpers';
import { lifeEventSchema, networkLifeEventSchema } from '../schemas/life-events';
import { reminderSchema } from '../schemas/keep-in-touch';
import type { AppEnv } from '../types';

const listRoute = createRoute({
  method: 'get',
  path: '/proposals',
  tags: ['Life events'],
  summary: "What's new: the events Kith found, each with its evidence, waiting to be accepted or dismissed, newest first",
  security,
  request: { query: z.object(pageQuery) },
  responses: { 200: pagedResponse(networkLifeEventSchema), ...commonErrors },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/proposals/{id}/accept',
  tags: ['Life events'],
  summary: 'Accepts a proposal: it becomes an event of the contact, corrected as given, with a reminder when asked',
  security,
  request: { params: idParam, body: { required: false, content: { 'application/json': { schema: acceptProposalCommand.input } } } },
  responses: {
    200: dataResponse(z.object({ event: lifeEventSchema, reminder: reminderSchema.nullable() })),
    ...commonErrors,
    ...conflictError,
  },
});

const dismissRoute = createRoute({
  method: 'post',
  path: '/proposals/{id}/dismiss',
  tags: ['Life events'],
  summary: 'Dismisses a proposal: shown nowhere, and the same finding is not proposed again',
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(lifeEventSchema), ...commonErrors, ...conflictError },
});

export const lifeEventRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { page, page_size } = c.req.valid('query');
    const { items, total } = await listProposals(c.var.deps.store, page, page_size);
    return c.json({ data: items, meta: pageMeta(page, page_size, total) }, 200);
  })
  .openapi(acceptRoute, async (c) => {
    // Without a body (or without JSON), the proposal is accepted as found.
    const body = (c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {}) ?? {};
    return c.json({ data: await acceptProposalCommand.run({ ...c.var, ...c.req.valid('param') }, body) }, 200);
  })
  .openapi(dismissRoute, async (c) => c.json({ data: await dismissProposal(c.var.deps.store, c.req.valid('param').id) }, 200));
