import type { Deps } from '../../../worker/domain/deps';
import { plainIssue } from '../../http/plain-issue';
import { AppError } from '../../../worker/domain/errors';
import {
  startTelegramLogin,
  submitTelegramCode,
  submitTelegramPassword,
  telegramCodeSchema,
  telegramPasswordSchema,
  telegramPhoneSchema,
} from '../../../worker/domain/telegram/connect-telegram';
import { saveTelegramSettings } from '../../../worker/domain/telegram/telegram-settings';
import type { z } from 'zod';

function parse<T extends z.ZodTypeAny>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('invalid_request', `${plainIssue(parsed.error.issues[0])}.`);
  }
  return parsed.data;
}

/** The Telegram card's intents besides `disconnect` and `sync`, which every synced channel's card posts. */
export const TELEGRAM_INTENTS = ['login', 'code', 'password', 'settings'] as const;

/** The Telegram card's form posts; answers the query string to land back on Settings with. */
export async function telegramAction(deps: Deps, userId: string, intent: string, form: FormData): Promise<string> {
  switch (intent) {
    case 'login':
      await startTelegramLogin(deps, userId, parse(telegramPhoneSchema, { phone: String(form.get('phone') ?? '') }).phone);
      return '';
    case 'code': {
      const state = await submitTelegramCode(deps, userId, parse(telegramCodeSchema, { code: String(form.get('code') ?? '') }).code);
      return state.status === 'connected' ? '?connected=telegram' : '';
    }
    case 'password':
      await submitTelegramPassword(deps, userId, parse(telegramPasswordSchema, { password: String(form.get('password') ?? '') }).password);
      return '?connected=telegram';
    case 'settings':
      await saveTelegramSettings(deps, userId, { tag_second_tier: form.get('tag_second_tier') === 'on' });
      return '';
    default:
      throw new AppError('invalid_request', `Unknown action ${intent}`);
  }
}
