import type { Channel } from '../../../worker/db/schema';
import type { PublicUser } from '../../../worker/domain/auth/users';
import type { Deps } from '../../../worker/domain/deps';
import { TELEGRAM_INTENTS, telegramAction } from './telegram-actions.server';

/** A card's own form posts; answers the query string to land back on Settings with. */
interface CardActions {
  intents: readonly string[];
  run(deps: Deps, user: PublicUser, intent: string, form: FormData): Promise<string>;
}

/**
 * What a channel's card posts besides disconnect and "Sync now", which every card shares and
 * the driver answers: the steps of a connect flow that runs on the card itself (Telegram's
 * phone login) and the channel's options. Channels connected through a consent screen have none.
 */
export const channelCardActions: Partial<Record<Channel, CardActions>> = {
  telegram: { intents: TELEGRAM_INTENTS, run: telegramAction },
};

export const CARD_INTENTS = Object.values(channelCardActions).flatMap((card) => card.intents);
