import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { addContactDate, dateInputSchema, deleteContactDate, listContactDates } from '../../domain/dates/important-dates';
import { today } from '../../domain/home/today';
import { followupSchema, interactionSchema } from '../schemas/detail';
import { agendaItemSchema } from '../schemas/keep-in-touch';
import { commonErrors, conflictError, dataResponse, idParam, jsonBody, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const dateSchema = z
  .object({ id: z.string(), contact_id: z.string(), kind: z.enum(['birthday', 'anniversary', 'custom']), label: z.string().nullable(), month: z.number(), day: z.number(), year: z.number().nullable() })
  .openapi('ImportantDate');

const homeRoute = createRoute({
  method: 'get',
  path: '/home',
  tags: ['Home'],
  security,
  responses: {
    200: dataResponse(
      z.object({
        agenda: z.object({
          today: z.string().openapi({ description: "Today's date in your time zone" }),
          items: z.array(agendaItemSchema).openapi({ description: 'Reminders, cadence dues and suggestions through the next 7 days, overdue first (at most 50; see /agenda for more)' }),
          total: z.number().int(),
        }),
        followups: z.array(followupSchema).openapi({ description: 'Generated suggestions only (also in agenda)' }),
        recent: z.array(interactionSchema.extend({ contact_name: z.string() })),
        upcoming_dates: z.array(dateSchema.extend({ contact_name: z.string(), in_days: z.number().int(), turns: z.number().int().nullable() })),
        going_cold: z.array(
          z.object({ id: z.string(), full_name: z.string(), avatar_url: z.string().nullable(), relationship_score: z.number(), last_interaction_at: z.string().nullable() }),
        ),
        jobs: z.object({
          imports: z.array(z.object({ id: z.string(), kind: z.string(), status: z.string(), total: z.number(), processed: z.number() })),
          geocoding_pending: z.number().int(),
          purge_pending: z.number().int().describe('Deleted contacts whose interactions the background purge has still to remove'),
        }),
      }),
      'Today: the agenda (overdue, today, this week), follow-ups due, recent interactions, dates in the next 7 days, high-priority contacts going cold, jobs in progress',
    ),
    ...commonErrors,
  },
});

const listDatesRoute = createRoute({
  method: 'get',
  path: '/contacts/{id}/dates',
  tags: ['Contacts'],
  security,
  request: { params: idParam },
  responses: { 200: dataResponse(z.array(dateSchema)), ...commonErrors },
});

const addDateRoute = createRoute({
  method: 'post',
  path: '/contacts/{id}/dates',
  tags: ['Contacts'],
  security,
  request: { params: idParam, body: jsonBody(dateInputSchema) },
  responses: { 201: dataResponse(dateSchema, 'Added'), ...commonErrors, ...conflictError },
});

const deleteDateRoute = createRoute({
  method: 'delete',
  path: '/contacts/{id}/dates/{date_id}',
  tags: ['Contacts'],
  security,
  request: { params: idParam.extend({ date_id: z.string().min(1).max(64) }) },
  responses: { 204: { description: 'Deleted' }, ...commonErrors },
});

export const homeRoutes = new OpenAPIHono<AppEnv>()
  .openapi(homeRoute, async (c) => c.json({ data: await today(c.var.deps.db, c.var.user) }, 200))
  .openapi(listDatesRoute, async (c) => c.json({ data: await listContactDates(c.var.deps.db, c.var.user.id, c.req.valid('param').id) }, 200))
  .openapi(addDateRoute, async (c) => c.json({ data: await addContactDate(c.var.deps.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json')) }, 201))
  .openapi(deleteDateRoute, async (c) => {
    const { id, date_id } = c.req.valid('param');
    await deleteContactDate(c.var.deps.db, c.var.user.id, id, date_id);
    return c.body(null, 204);
  });
