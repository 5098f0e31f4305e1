import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { today } from '../../domain/home/today';
import { dateSchema, followupSchema, interactionSchema } from '../schemas/detail';
import { agendaItemSchema } from '../schemas/keep-in-touch';
import { networkLifeEventSchema } from '../schemas/life-events';
import { commonErrors, dataResponse, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const homeRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Home'],
  security,
  responses: {
    200: dataResponse(
      z.object({
        has_contacts: z.boolean().openapi({ description: 'False while the account has no contact: Home shows how to start' }),
        agenda: z.object({
          today: z.string().openapi({ description: "Today's date in your time zone" }),
          items: z.array(agendaItemSchema).openapi({
            description:
              'Reminders, cadence dues and suggestions through the next 7 days, overdue first (at most 50; see /agenda for more)',
          }),
          total: z.number().int(),
        }),
        followups: z.array(followupSchema).openapi({ description: 'Generated suggestions only (also in agenda)' }),
        recent: z.array(interactionSchema.extend({ contact_name: z.string() })),
        upcoming_dates: z.array(
          dateSchema.extend({ contact_name: z.string(), in_days: z.number().int(), turns: z.number().int().nullable() }),
        ),
        upcoming_anniversaries: z
          .array(
            z.object({
              event: networkLifeEventSchema,
              title: z.string().openapi({ description: '"Work anniversary", "Wedding anniversary"…' }),
              in_days: z.number().int(),
              years: z.number().int().nullable(),
            }),
          )
          .openapi({ description: 'Yearly life events (accepted, with a full date) in the next 7 days' }),
        whats_new: z.object({
          proposals: z.array(networkLifeEventSchema).openapi({ description: 'Found events waiting, newest first (at most 10)' }),
          proposals_total: z.number().int(),
          this_week: z.array(networkLifeEventSchema).openapi({ description: 'Events accepted or added in the last 7 days (at most 10)' }),
        }),
        going_cold: z.array(
          z.object({
            id: z.string(),
            full_name: z.string(),
            avatar_url: z.string().nullable(),
            relationship_score: z.number(),
            last_interaction_at: z.string().nullable(),
          }),
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

export const homeRoutes = new OpenAPIHono<AppEnv>().openapi(homeRoute, async (c) =>
  c.json({ data: await today(c.var.deps.db, c.var.user) }, 200),
);
