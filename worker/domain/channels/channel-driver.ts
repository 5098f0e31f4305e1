import type { Channel, ChannelStatus } from '../../db/schema';
import type { Settings } from '../../env';
import type { JobType } from '../../jobs/messages';
import type { Deps } from '../deps';
import type { OAuthCallback } from '../oauth/oauth-callback';
import type { InteractionView } from '../timeline/interaction-view';

/** The queue job that syncs a channel for one user, and fans out per account without one. */
export type ChannelSyncJob = Extract<JobType, `sync_${Channel}`>;

/** Where the user's connection of a channel stands (no connection: not_connected). */
export type ConnectionState = ChannelStatus | 'not_connected';

/** One message from a contact's composer. */
export interface OutgoingMessage {
  subject?: string;
  body: string;
  /** The composer submission; a channel that deduplicates sends itself (Telegram) passes it on. */
  idempotencyKey?: string;
}

/**
 * Connecting through the provider's consent screen (OAuth 2.0 with PKCE). The state and
 * verifier are kept server-side, single-use, for ten minutes; the callback path is the one
 * registered with the provider, so it never moves.
 */
export interface ChannelOAuth {
  /** The consent screen's URL for the user; AppError when this server cannot connect the channel. */
  start(deps: Deps, userId: string): Promise<string>;
  /**
   * The provider's redirect back: the state must be this user's, unexpired and unused; the
   * tokens are stored and the first sync queued. A refusal is an AppError in the card's words.
   */
  finish(deps: Deps, userId: string, callback: OAuthCallback): Promise<void>;
}

/**
 * Connecting the channel in Settings → Integrations. The flows differ and stay in each
 * channel's folder; what every one shares is whether this server can run it.
 */
export interface ChannelConnect {
  /** Whether the server has the settings connecting needs; when not, the card says so. */
  configured(settings: Settings): boolean;
  /** Google's or X's consent screen; null for a channel connected otherwise (Telegram's phone login on its card). */
  oauth: ChannelOAuth | null;
}

/** A channel Kith syncs itself: every quarter hour, on "Sync now", and after connecting. */
export interface ChannelSync {
  job: ChannelSyncJob;
  /** One run for the user: what it logged; `more`: it stopped early and the job runs again at once. */
  run(deps: Deps, userId: string): Promise<{ logged: number; more?: boolean }>;
  /** The contact page visit's part (SPEC §1 "Auto-sync"); null: the channel has none. */
  contact: ((deps: Deps, userId: string, contactId: string) => Promise<unknown>) | null;
  /** "Sync now": queues the job, or 409 channel_not_connected. */
  request(deps: Deps, userId: string): Promise<void>;
  /** "Sync now" in the API's words: the summary of `POST /integrations/{channel}/sync`. */
  readonly summary: string;
  /** What a started sync brings in, as Settings says it: "New emails and meetings appear". */
  readonly arrivals: string;
}

export type SendStatus = { canSend: true } | { canSend: false; reason: string };

/**
 * A messaging channel: Gmail, X, Telegram, LinkedIn. Routes, pages and jobs reach a channel
 * through its driver (channels/drivers.ts) instead of naming it. `connect` and `sync` are null
 * for a channel that has none, so calling them is a type error rather than a run-time one.
 */
export interface ChannelDriver<C extends Channel = Channel> {
  readonly channel: C;
  /** The channel as the user names it: "Gmail", "X". */
  readonly label: string;
  readonly connect: ChannelConnect | null;
  readonly sync: ChannelSync | null;
  /** Sends one message to the contact and answers the outbound interaction it logged. */
  send(deps: Deps, user: { id: string; name: string }, contactId: string, message: OutgoingMessage): Promise<InteractionView>;
  /** Whether the composer can send by the channel, given the user's connection of it. */
  status(connection: ConnectionState): SendStatus;
}

/** The status of a channel that sends only once connected: `what` is what it sends ("emails"). */
export const sendsWhenConnected =
  (label: string, what: string) =>
  (connection: ConnectionState): SendStatus => {
    if (connection === 'connected') return { canSend: true };
    if (connection === 'error') return { canSend: false, reason: `${label} needs reconnecting in Settings → Integrations.` };
    return { canSend: false, reason: `Connect ${label} in Settings → Integrations to send ${what}.` };
  };
