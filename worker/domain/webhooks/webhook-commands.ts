import type { Caller } from '../auth/scopes';
import { command, type OnRecord, type SignedIn } from '../command';
import { createWebhook, updateWebhook } from './webhook-endpoints';
import { createWebhookSchema, updateWebhookSchema } from './webhook-input';

/** A new webhook endpoint: POST /webhooks and the Webhooks card of Settings. One a token registers dies with it. */
export const createWebhookCommand = command(createWebhookSchema, ({ deps, user, caller }: SignedIn & { caller?: Caller }, input) =>
  createWebhook(deps.store, deps.settings, user.time_zone, input, caller?.kind === 'token' ? caller.tokenId : null),
);

/** An endpoint's address, events, description or on/off changed. */
export const updateWebhookCommand = command(updateWebhookSchema, ({ deps, id }: OnRecord, input) =>
  updateWebhook(deps.store, deps.settings, id, input),
);
