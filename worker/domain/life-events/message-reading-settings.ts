import { z } from 'zod';
import { nowIso } from '../../db/columns';
import type { LifeEventReadingRow } from '../../db/schema';
import { command, type SignedIn } from '../command';
import type { Deps } from '../deps';
import { llmOffReason } from '../llm-from-settings';
import { readingOf, setReadMessages } from './message-reading-queries';

/** The Settings switch of reading messages for life events, and what it costs today. */
export interface LifeEventReadingSettings {
  /** Kith reads new messages for life events: the user's choice, by default on when a model is configured. */
  read_messages: boolean;
  /** Why it cannot read now (no model configured); null when it can. */
  off_reason: string | null;
  /** The model calls it may make a day (the operator's LIFE_EVENTS_DAILY_MODEL_CALLS). */
  daily_model_calls: number;
  model_calls_today: number;
}

export const lifeEventReadingInputSchema = z
  .object({ read_messages: z.boolean().describe('Read new messages for life events (the model sees them; private contacts never)') })
  .strict();

type ReadingDeps = Pick<Deps, 'store' | 'settings' | 'env'>;

/** Whether the background pass reads this user's messages now, with their row. */
export async function readingSwitch(
  deps: ReadingDeps,
): Promise<{ on: boolean; row: LifeEventReadingRow | undefined; offReason: string | null }> {
  const row = await readingOf(deps.store.db, deps.store.userId);
  const offReason = llmOffReason(deps);
  return { on: offReason === null && (row?.readMessages ?? true), row, offReason };
}

export async function getLifeEventReading(deps: ReadingDeps, now = new Date()): Promise<LifeEventReadingSettings> {
  const { row, offReason } = await readingSwitch(deps);
  return {
    read_messages: offReason === null && (row?.readMessages ?? true),
    off_reason: offReason,
    daily_model_calls: deps.settings.LIFE_EVENTS_DAILY_MODEL_CALLS,
    model_calls_today: row?.callsDay === now.toISOString().slice(0, 10) ? row.calls : 0,
  };
}

/**
 * Turns the reading on or off. Turned on again, it starts from now: what came in while it was
 * off stays unread ("only new messages").
 */
export async function updateLifeEventReading(
  deps: ReadingDeps,
  input: z.infer<typeof lifeEventReadingInputSchema>,
): Promise<LifeEventReadingSettings> {
  const { row } = await readingSwitch(deps);
  const wasOff = row?.readMessages === false;
  const now = nowIso();
  await setReadMessages(deps.store.db, deps.store.userId, input.read_messages, input.read_messages && wasOff ? now : undefined, now);
  return getLifeEventReading(deps);
}

/** PATCH /settings/life-events and the Settings page's switch. */
export const updateLifeEventReadingCommand = command(lifeEventReadingInputSchema, ({ deps }: SignedIn, input) =>
  updateLifeEventReading(deps, input),
);
