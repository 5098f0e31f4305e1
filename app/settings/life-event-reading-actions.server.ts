import { json } from '@remix-run/cloudflare';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { updateLifeEventReadingCommand } from '../../worker/domain/life-events/message-reading-settings';

/** The intent of Settings → Life events. */
export const LIFE_EVENT_READING_INTENTS = ['life-event-reading'] as const;
export const isLifeEventReadingIntent = (intent: string): intent is (typeof LIFE_EVENT_READING_INTENTS)[number] =>
  (LIFE_EVENT_READING_INTENTS as readonly string[]).includes(intent);

export interface LifeEventReadingActionData {
  intent: string;
  message: string;
}

/** Settings → Life events: the switch of reading new messages (the same command as PATCH /settings/life-events). */
export async function handleLifeEventReadingAction(form: FormData, user: PublicUser, deps: Deps) {
  const on = form.get('read_messages') === 'on';
  const saved = await updateLifeEventReadingCommand.run({ deps, user }, { read_messages: on });
  return json<LifeEventReadingActionData>({
    intent: 'life-event-reading',
    message: saved.read_messages
      ? 'Kith will read new messages for life events.'
      : on
        ? (saved.off_reason ?? 'Reading is off.')
        : 'Kith will not read your messages for life events.',
  });
}
