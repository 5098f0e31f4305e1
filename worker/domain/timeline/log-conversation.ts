import { z } from 'zod';
import type { PublicUser } from '../auth/users';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { followUpDate, localDate } from '../keep-in-touch/calendar-dates';
import { followUpInputSchema } from '../keep-in-touch/calendar-date-input';
import { addReminder, type ReminderView } from '../keep-in-touch/reminders';
import { multiLineText, singleLineText } from '../text-input';
import type { InteractionView } from './interaction-view';
import { assertContactExists } from './list-timeline';
import { addNote } from './notes-and-meetings';
import { recordInteractions } from './record-interactions';
import { TIMELINE_LIMITS } from './timeline-limits';

/** What the user can log by hand. A note counts as contact only when marked as a conversation. */
export const MANUAL_KINDS = ['call', 'meeting', 'coffee', 'message', 'note'] as const;
type ManualKind = (typeof MANUAL_KINDS)[number];

const CHANNEL: Record<ManualKind, string> = {
  call: 'phone',
  meeting: 'meeting',
  coffee: 'meeting',
  message: 'message',
  note: 'conversation',
};

export const logInputSchema = z
  .object({
    kind: z.enum(MANUAL_KINDS),
    occurred_at: z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' }).optional(),
    title: singleLineText(TIMELINE_LIMITS.title).trim().nullable().optional(),
    notes: multiLineText(TIMELINE_LIMITS.body).trim().nullable().optional(),
    /** A message: who wrote it (default: you). Calls, meetings and coffees are both ways. */
    direction: z.enum(['in', 'out']).optional(),
    /** A note: it was a conversation, so it counts. */
    conversation: z.boolean().optional(),
    follow_up: followUpInputSchema.optional(),
  })
  .strict()
  .refine((v) => v.kind !== 'note' || Boolean(v.notes?.trim()), { message: 'a note needs text', path: ['notes'] })
  .refine((v) => v.direction === undefined || v.kind === 'message', { message: 'only a message has a direction', path: ['direction'] })
  .refine((v) => v.conversation === undefined || v.kind === 'note', {
    message: 'only a note is marked as a conversation',
    path: ['conversation'],
  });

export type LogInput = z.infer<typeof logInputSchema>;

/**
 * Logs a call, meeting, coffee, message or note, dated now unless the user said when. Real
 * contact (not a plain note) updates the last interaction, resets the cadence, dismisses older
 * suggestions and "follow up" reminders and moves the score (recordInteractions). With
 * follow_up, a "follow up" reminder is set for that date, after the log so it stays open.
 */
export async function logConversation(
  deps: Deps,
  user: Pick<PublicUser, 'id' | 'time_zone'>,
  contactId: string,
  input: LogInput,
  now = new Date(),
): Promise<{ interaction: InteractionView; follow_up: ReminderView | null }> {
  await assertContactExists(deps.db, user.id, contactId);
  const occurredAt = input.occurred_at ? new Date(input.occurred_at) : now;
  if (occurredAt.getTime() > now.getTime() + 86_400_000) {
    throw new AppError('not_processable', 'It has not happened yet: log it on the day, or set a reminder', { field: 'occurred_at' });
  }
  const today = localDate(now, user.time_zone);
  const followUpOn = input.follow_up ? followUpDate(today, input.follow_up) : null;
  if (followUpOn && followUpOn < today)
    throw new AppError('not_processable', 'Pick a follow-up date from today on', { field: 'follow_up' });

  let interaction: InteractionView;
  if (input.kind === 'note' && !input.conversation) {
    interaction = await addNote(deps, user.id, contactId, { body: input.notes! });
  } else {
    const [view] = await recordInteractions(deps, user.id, [
      {
        contact_id: contactId,
        kind: input.kind,
        channel: CHANNEL[input.kind],
        direction: input.kind === 'message' ? (input.direction ?? 'out') : null,
        subject: input.title?.trim() || null,
        body: input.notes?.trim() || null,
        source: 'manual',
        occurred_at: occurredAt,
        conversation: input.kind === 'note',
      },
    ]);
    interaction = view!;
  }
  const followUp = followUpOn ? await addReminder(deps.db, user.id, contactId, { on: followUpOn, note: null }, 'follow_up') : null;
  return { interaction, follow_up: followUp };
}
