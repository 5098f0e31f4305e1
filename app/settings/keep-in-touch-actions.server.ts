import { json } from '@remix-run/cloudflare';
import type { PublicUser } from '../../worker/domain/auth/users';
import type { Deps } from '../../worker/domain/deps';
import { AppError } from '../../worker/domain/errors';
import { CADENCE_PRIORITIES } from '../../worker/domain/keep-in-touch/cadence-defaults';
import { createCalendarFeed, revokeCalendarFeed } from '../../worker/domain/keep-in-touch/keep-in-touch-settings';
import { updateKeepInTouchSettingsCommand } from '../../worker/domain/keep-in-touch/keep-in-touch-settings-command';
import { runCommandForm } from '../http/command-form.server';

/** The intents of Settings → Keep in touch. */
export const KEEP_IN_TOUCH_INTENTS = ['cadence-defaults', 'calendar-feed-create', 'calendar-feed-revoke', 'weekly-digest'] as const;
export const isKeepInTouchIntent = (intent: string): intent is (typeof KEEP_IN_TOUCH_INTENTS)[number] =>
  (KEEP_IN_TOUCH_INTENTS as readonly string[]).includes(intent);

export interface KeepInTouchActionData {
  intent: string;
  ok: boolean;
  error: string | null;
  message?: string;
  feedUrl?: string;
}

/** A priority's cadence from the form: "" is none; else every N day/week/month. */
function defaultsOf(form: FormData) {
  const out: Record<string, { every: number; unit: string } | null> = {};
  for (const priority of CADENCE_PRIORITIES) {
    const every = String(form.get(`${priority}_every`) ?? '').trim();
    out[priority] = every ? { every: Number(every), unit: String(form.get(`${priority}_unit`) ?? '') } : null;
  }
  return out;
}

/** What the card calls each priority's cadence, for the sentence of a refused one ("High priority cadence must be at least 1"). */
const CADENCE_NAMES = {
  'cadence_defaults.high': 'High priority cadence',
  'cadence_defaults.medium': 'Medium priority cadence',
  'cadence_defaults.low': 'Low priority cadence',
};

/** Settings → Keep in touch: default cadences, the calendar feed, the weekly digest (the same domain calls as the API). */
export async function handleKeepInTouchAction(form: FormData, user: PublicUser, deps: Deps) {
  const intent = String(form.get('intent'));
  const done = (extra: Partial<KeepInTouchActionData> = {}, status = 200) =>
    json<KeepInTouchActionData>({ intent, ok: status < 400, error: null, ...extra }, { status });
  try {
    switch (intent) {
      case 'cadence-defaults': {
        const saved = await runCommandForm(
          updateKeepInTouchSettingsCommand,
          { deps, user },
          { cadence_defaults: defaultsOf(form) },
          CADENCE_NAMES,
        );
        if (!saved.ok) return done({ error: saved.error }, 400);
        return done({ message: 'Default cadences saved. Contacts without their own cadence follow them.' });
      }
      case 'weekly-digest': {
        const on = form.get('weekly_digest') === 'on';
        await updateKeepInTouchSettingsCommand.run({ deps, user }, { weekly_digest: on });
        return done({ message: on ? 'You will get a weekly email of what is due, on Monday mornings.' : 'Weekly digest off.' });
      }
      case 'calendar-feed-create': {
        return done({ feedUrl: (await createCalendarFeed(deps)).url });
      }
      default:
        await revokeCalendarFeed(deps);
        return done({ message: 'Calendar feed revoked: its URL no longer works.' });
    }
  } catch (error) {
    // not_configured (no APP_URL for the feed's address) is said in plain words on the page.
    if (error instanceof AppError && (error.status < 500 || error.code === 'not_configured'))
      return done({ error: error.message }, error.status);
    throw error;
  }
}
