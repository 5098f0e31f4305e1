import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { familyOf } from '../../../domain/circles/family';
import { neighbourhoodOf } from '../../../domain/circles/neighbourhood';
import { localDate } from '../../../domain/keep-in-touch/calendar-dates';
import { commonErrors, dataResponse, idParam, security } from '../../openapi-helpers';
import { familySchema, neighbourhoodSchema } from '../../schemas/circles';
import type { AppEnv } from '../../types';

const familyRoute = createRoute({
  method: 'get',
  path: '/{id}/family',
  tags: ['Contacts'],
  summary: 'The people linked to the contact by family ties, and theirs in turn (up to three links, 60 people), with birthdays and ages',
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(familySchema), ...commonErrors },
});

const neighbourhoodRoute = createRoute({
  method: 'get',
  path: '/{id}/neighbourhood',
  tags: ['Contacts'],
  summary: 'The people around the contact, two links out, as a small graph: at most 12 linked to them and 16 linked to those',
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(neighbourhoodSchema), ...commonErrors },
});

export const contactCircleRoutes = new OpenAPIHono<AppEnv>()
  .openapi(familyRoute, async (c) =>
    c.json({ data: await familyOf(c.var.deps.store, c.req.valid('param').id, localDate(new Date(), c.var.user.time_zone)) }, 200),
  )
  .openapi(neighbourhoodRoute, async (c) => c.json({ data: await neighbourhoodOf(c.var.deps.store, c.req.valid('param').id) }, 200));
