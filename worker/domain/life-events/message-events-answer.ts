import { z } from 'zod';
import { ProviderError } from '../../providers/provider-error';
import { isSingleLineText } from '../text-rules';
import { happenedOnSchema } from './life-event-input';
import { LIFE_EVENT_KINDS, LIFE_EVENT_LIMITS } from './life-event-kinds';

// What the model is asked for when it reads messages for life events (ADR 043). Every field is
// required and nullable, as OpenAI's strict structured outputs demand.
const wireSchema = z
  .object({
    events: z
      .array(
        z
          .object({
            message: z.string().describe('The id of the message that states the event ("m1")'),
            kind: z.enum(LIFE_EVENT_KINDS).describe('What happened'),
            summary: z.string().describe('One line about the person: "New job at Acme as Head of Sales"'),
            happened_on: z.string().nullable().describe('When, if the message says: YYYY, YYYY-MM or YYYY-MM-DD'),
            quote: z.string().describe('The sentence of the message that states it, copied exactly'),
          })
          .strict(),
      )
      .describe('Events the messages state; empty when none does'),
  })
  .strict();

export const messageEventsJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(wireSchema) as Record<string, unknown>;
  return schema;
})();

const line = (max: number) => z.string().trim().min(1).max(max).refine(isSingleLineText);

// What we accept back, event by event: an event with a field that is missing or implausible is
// dropped, the others still count.
const eventSchema = z.object({
  message: z.string().max(20),
  kind: z.enum(LIFE_EVENT_KINDS),
  summary: line(LIFE_EVENT_LIMITS.summary),
  happened_on: happenedOnSchema.nullable().catch(null),
  quote: z.string().trim().min(8).max(1000),
});

export type FoundEvent = z.infer<typeof eventSchema>;

/** Reads the model's answer: the events that are well formed. An answer without `events` is a provider error. */
export function readMessageEvents(answer: unknown): FoundEvent[] {
  const events = (answer as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new ProviderError('llm', 'bad_response', 'answer has no events list');
  return events.flatMap((event) => {
    const parsed = eventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}
