import { z } from '@hono/zod-openapi';
import { LIFE_EVENT_KINDS, LIFE_EVENT_SOURCES, LIFE_EVENT_STATUSES } from '../../domain/life-events/life-event-kinds';

export const lifeEventSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    kind: z.enum(LIFE_EVENT_KINDS),
    kind_label: z.string().openapi({ description: 'The kind in words ("New job")' }),
    summary: z.string().openapi({ description: 'One line: "New job at Acme as Head of Sales"' }),
    happened_on: z.string().nullable().openapi({ description: 'YYYY, YYYY-MM or YYYY-MM-DD' }),
    recurs: z.boolean().openapi({ description: 'Comes back every year on its day: on Home and in the calendar feed' }),
    status: z.enum(LIFE_EVENT_STATUSES).openapi({ description: 'proposed: found, waiting in What’s new; accepted; dismissed' }),
    source: z.enum(LIFE_EVENT_SOURCES),
    source_label: z.string(),
    evidence: z.object({
      text: z.string().nullable().openapi({ description: 'The exact sentence it was read in, or the field change in words' }),
      field: z.string().nullable().openapi({ description: 'A field change: company, title or location' }),
      old_value: z.string().nullable(),
      new_value: z.string().nullable(),
      link: z
        .object({ type: z.enum(['message', 'import', 'contact']), id: z.string(), href: z.string() })
        .nullable()
        .openapi({ description: 'Where the evidence can be seen in the app' }),
    }),
    created_at: z.string(),
    updated_at: z.string(),
    decided_at: z.string().nullable().openapi({ description: 'When it was accepted or dismissed' }),
  })
  .openapi('LifeEvent');

export const networkLifeEventSchema = lifeEventSchema
  .extend({ contact_name: z.string(), avatar_url: z.string().nullable() })
  .openapi('NetworkLifeEvent');

export const lifeEventReadingSchema = z
  .object({
    read_messages: z.boolean().openapi({
      description:
        'Kith reads new messages (not those of contacts tagged "private") with the language model and proposes the life events they state. By default on when a model is configured.',
    }),
    off_reason: z.string().nullable().openapi({ description: 'Why it cannot read now (no model configured); null when it can' }),
    daily_model_calls: z
      .number()
      .int()
      .openapi({ description: 'The model calls it may make a day (one per contact and batch of messages)' }),
    model_calls_today: z.number().int(),
  })
  .openapi('LifeEventReading');
