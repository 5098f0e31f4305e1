import { CHANNELS, type Channel } from '../../worker/db/schema';
import { disconnectChannel } from '../../worker/domain/channels/connections';
import { channelDrivers } from '../../worker/domain/channels/drivers';
import { AppError } from '../../worker/domain/errors';
import { CARD_INTENTS, channelCardActions } from '../settings/integrations/card-actions.server';
import { redirect } from '../http/redirect.server';
import { integrationErrorQuery } from '../settings/integrations/integration-error.server';
import { intentAction } from '../http/intent-action.server';

const back = (query = '') => redirect(`/settings${query}#integrations`);

// The channel cards' form posts (Settings → Integrations): disconnect any channel, sync a synced
// one now (both through its driver), and a card's own steps (Telegram's login on the card).
export const action = intentAction(['disconnect', 'sync', ...CARD_INTENTS], async ({ deps, user, params, intent, form }) => {
  const channel = params.channel as Channel;
  if (!CHANNELS.includes(channel)) throw new Response('No such channel', { status: 404 });
  const { sync } = channelDrivers[channel];
  const card = channelCardActions[channel];
  try {
    if (card?.intents.includes(intent)) return back(await card.run(deps, user, intent, form));
    if (intent === 'disconnect') await disconnectChannel(deps, user.id, channel);
    else if (intent === 'sync' && sync) await sync.request(deps, user.id);
    else throw new AppError('invalid_request', `Unknown action ${intent}`);
  } catch (error) {
    if (error instanceof AppError) return back(await integrationErrorQuery(deps.settings, error.message));
    throw error;
  }
  return back(intent === 'sync' ? `?synced=${channel}` : '');
});

export const loader = () => redirect('/settings#integrations');
