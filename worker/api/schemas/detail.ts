import { z } from '@hono/zod-openapi';

export const interactionSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    kind: z.string().openapi({ description: 'message, email, note, meeting, bio_change, read_receipt...' }),
    channel: z.string().nullable(),
    direction: z.enum(['in', 'out']).nullable(),
    subject: z.string().nullable(),
    body: z.string().nullable(),
    is_long: z.boolean().openapi({ description: 'The body is longer than 400 characters: shown truncated with "Show more"' }),
    occurred_at: z.string(),
    status: z.string().nullable().openapi({ description: 'Read receipts: delivered or read' }),
    source: z.string(),
    conversation: z
      .boolean()
      .openapi({ description: 'A note marked as a conversation: it counts as contact (last interaction, cadence, score)' }),
    private: z.boolean().openapi({
      description:
        'A note marked private: never shown to an access token or connected app made with hide_private (the timeline, the contact, Home, drafts, MCP)',
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Interaction');

export const duplicateSchema = z
  .object({
    contact: z.object({ id: z.string(), full_name: z.string() }),
    score: z.number().openapi({ description: '0..1, higher is likelier the same person' }),
    reasons: z.array(z.string()),
  })
  .openapi('DuplicateCandidate');

export const followupSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    contact_name: z.string(),
    reason: z.string(),
    status: z.enum(['pending', 'snoozed', 'dismissed', 'done']),
    due_at: z.string(),
    snoozed_until: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Followup');

export const dateSchema = z
  .object({
    id: z.string(),
    contact_id: z.string(),
    kind: z.enum(['birthday', 'anniversary', 'custom']),
    label: z.string().nullable(),
    month: z.number(),
    day: z.number(),
    year: z.number().nullable(),
  })
  .openapi('ImportantDate');
