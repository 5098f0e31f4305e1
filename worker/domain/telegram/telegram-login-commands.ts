import { command, type SignedIn } from '../command';
import {
  startTelegramLogin,
  submitTelegramCode,
  submitTelegramPassword,
  telegramCodeSchema,
  telegramPasswordSchema,
  telegramPhoneSchema,
} from './connect-telegram';

// Connecting Telegram, step by step: POST /integrations/telegram/{login,code,password} and the
// Telegram card on Settings.

/** Step 1: Telegram sends a login code to the phone number's Telegram app. */
export const startTelegramLoginCommand = command(telegramPhoneSchema, ({ deps, user }: SignedIn, { phone }) =>
  startTelegramLogin(deps, user.id, phone),
);

/** Step 2: the login code; an account with two-step verification then needs its password. */
export const submitTelegramCodeCommand = command(telegramCodeSchema, ({ deps, user }: SignedIn, { code }) =>
  submitTelegramCode(deps, user.id, code),
);

/** Step 3, two-step verification only: the account's password. */
export const submitTelegramPasswordCommand = command(telegramPasswordSchema, ({ deps, user }: SignedIn, { password }) =>
  submitTelegramPassword(deps, user.id, password),
);
