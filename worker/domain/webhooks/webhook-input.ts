import { z } from 'zod';
import { singleLineText } from '../text-input';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';
import { WEBHOOK_LIMITS } from './webhook-limits';

/** Endpoints per account: each reads the change log on its own every minute. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `is not an event (known: ${WEBHOOK_EVENT_TYPES.join(', ')})` }))
  .min(1, 'names at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'names an event twice');

const url = singleLineText(WEBHOOK_LIMITS.url)
  .trim()
  .refine((value) => URL.canParse(value), 'must be a full address, e.g. https://hooks.example.com/kith')
  .refine((value) => !URL.canParse(value) || ['https:', 'http:'].includes(new URL(value).protocol), 'must start with https://');

export const createWebhookSchema = z
  .object({
    url,
    events: eventList,
    description: singleLineText(WEBHOOK_LIMITS.description).trim().nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const updateWebhookSchema = createWebhookSchema.partial().strict();

export type CreateWebhookInput = z.output<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;
