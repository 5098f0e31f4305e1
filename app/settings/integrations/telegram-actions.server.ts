import type { PublicUser } from '../../../worker/domain/auth/users';
import type { Deps } from '../../../worker/domain/deps';
import { AppError } from '../../../worker/domain/errors';
import {
  startTelegramLoginCommand,
  submitTelegramCodeCommand,
  submitTelegramPasswordCommand,
} from '../../../worker/domain/telegram/telegram-login-commands';
import { saveTelegramSettings } from '../../../worker/domain/telegram/telegram-settings';
import { runCommandForm, type CommandFormResult } from '../../http/command-form.server';

/** The Telegram card's intents besides `disconnect` and `sync`, which every synced channel's card posts. */
export const TELEGRAM_INTENTS = ['login', 'code', 'password', 'settings'] as const;

/** A login step's answer, or the card's field refused in the page's words (nothing was sent to Telegram). */
function stepped<R>(step: CommandFormResult<R>): R {
  if (!step.ok) throw new AppError('invalid_request', `${step.error}.`);
  return step.result;
}

/** The Telegram card's form posts; answers the query string to land back on Settings with. */
export async function telegramAction(deps: Deps, user: PublicUser, intent: string, form: FormData): Promise<string> {
  // The login steps are the API's commands, each on the card's one field (phone, code or password).
  switch (intent) {
    case 'login':
      stepped(await runCommandForm(startTelegramLoginCommand, { deps, user }, form));
      return '';
    case 'code':
      return stepped(await runCommandForm(submitTelegramCodeCommand, { deps, user }, form)).status === 'connected'
        ? '?connected=telegram'
        : '';
    case 'password':
      stepped(await runCommandForm(submitTelegramPasswordCommand, { deps, user }, form));
      return '?connected=telegram';
    case 'settings':
      await saveTelegramSettings(deps, user.id, { tag_second_tier: form.get('tag_second_tier') === 'on' });
      return '';
    default:
      throw new AppError('invalid_request', `Unknown action ${intent}`);
  }
}
