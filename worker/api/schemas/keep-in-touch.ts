import { z } from '@hono/zod-openapi';

const cadence = z.object({ every: z.number().int(), unit: z.enum(['day', 'week', 'month']) });

export const reminderSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    kind: z.enum(['reminder', 'follow_up']).openapi({ description: 'reminder: "remind me on"; follow_up: set after logging' }),
    note: z.string().nullable(),
    remind_on: z.string().openapi({ description: 'The date it was set for (YYYY-MM-DD, your time zone)' }),
    due_on: z.string().openapi({ description: 'The date it shows on: remind_on, or the date it was snoozed to' }),
    status: z.enum(['pending', 'snoozed', 'done', 'dismissed']),
    created_at: z.string(),
  })
  .openapi('Reminder');

export const agendaItemSchema = z
  .object({
    id: z.string().openapi({ description: '`type:ref`, stable for the item' }),
    type: z.enum(['reminder', 'cadence', 'followup']).openapi({ description: 'Where it lives: the {type} of /agenda/{type}/{id}/…' }),
    ref: z.string().openapi({ description: 'The {id} of /agenda/{type}/{id}/… (a cadence due: the contact id)' }),
    kind: z.enum(['reminder', 'follow_up', 'cadence', 'suggestion']),
    contact_id: z.string(),
    contact_name: z.string(),
    avatar_url: z.string().nullable(),
    due_on: z.string().openapi({ description: 'YYYY-MM-DD in your time zone' }),
    bucket: z.enum(['overdue', 'today', 'this_week', 'later']),
    title: z.string(),
    note: z.string().nullable(),
    snoozed: z.boolean(),
  })
  .openapi('AgendaItem');

export const scorePartsSchema = z
  .object({
    recency: z.number().openapi({ description: '0–4: how recently they last wrote to you or you talked' }),
    frequency: z.number().openapi({ description: '0–3: how often you interact, recent ones weigh more' }),
    reciprocity: z.number().openapi({ description: '0–1.5: balance of messages in and out (a conversation counts both ways)' }),
    breadth: z.number().openapi({ description: '0–1: how many channels (email, messaging, meetings, calls…)' }),
    tenure: z.number().openapi({ description: '0–0.5: how long you have known each other' }),
    score: z.number(),
  })
  .openapi('ScoreParts');

export const keepInTouchSettingsSchema = z
  .object({
    cadence_defaults: z.object({ high: cadence.nullable(), medium: cadence.nullable(), low: cadence.nullable() }),
    weekly_digest: z.boolean(),
    calendar_feed: z.object({ active: z.boolean(), created_at: z.string().nullable() }),
  })
  .openapi('KeepInTouchSettings');
