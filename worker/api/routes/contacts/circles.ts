import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { familyOf } from '../../../domain/circles/family';
import { localDate } from '../../../domain/keep-in-touch/calendar-dates';
import { commonErrors, dataResponse, idParam, security } from '../../openapi-helpers';
import { familySchema } from '../../schemas/circles';
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

export const contactCircleRoutes = new OpenAPIHono<AppEnv>().openapi(familyRoute, async (c) =>
  c.json({ data: await familyOf(c.var.deps.store, c.req.valid('param').id, localDate(new Date(), c.var.user.time_zone)) }, 200),
);
