/**
 * The events a webhook endpoint may subscribe to, and the envelope every delivery's body has
 * (docs/decisions/030; the OpenAPI document's `webhooks` section shows each payload). The
 * envelope's `version` changes only when a payload changes incompatibly.
 *
 * Contact events come from the change log (contact-events.ts); the others are emitted where
 * they happen (emitEvent). A new kind is one more entry here and one emitEvent call where it
 * happens.
 */
export const WEBHOOK_EVENT_TYPES = [
  'contact.created',
  'contact.updated',
  'contact.merged',
  'contact.deleted',
  'interaction.logged',
  'reminder.due',
  'import.finished',
  'life_event.found',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Send test delivery" only; no endpoint subscribes to it. */
export const TEST_EVENT = 'webhook.test';

export const CONTACT_EVENT_TYPES: readonly WebhookEventType[] = ['contact.created', 'contact.updated', 'contact.merged', 'contact.deleted'];

export const WEBHOOK_PAYLOAD_VERSION = 1;

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType | typeof TEST_EVENT, string> = {
  'contact.created': 'A contact was added (by hand, the API, an import or a sync). data.contact is the contact as the API shows it.',
  'contact.updated':
    'A contact changed: its card, tags, identifiers or dates. data.contact is the contact as it is now; changes made close together may arrive as one event.',
  'contact.merged': 'A contact was merged into another. data.contact_id is gone; data.merged_into is the contact it became part of.',
  'contact.deleted': 'A contact was deleted. data.contact_id is its id.',
  'interaction.logged':
    "A note, meeting, call, message or email was added to a contact's timeline. data.interaction is the timeline entry. An import's entries send none: the import sends import.finished once with its counts. Nor does what a sync back-fills from before its channel was connected (a mailbox's recent mail, older DMs): only what arrives afterwards.",
  'reminder.due': "A reminder reached its day (in the account's time zone). data.reminder is the reminder.",
  'import.finished': 'An import ended. data.import has its id, status and counts.',
  'life_event.found':
    "Kith read a life event (a new job, a move, a wedding...) in a message and proposed it in What's new. data.life_event is the proposal, with the sentence it quotes as its evidence.",
  'webhook.test': 'Sent by "Send test delivery". data.message says so.',
};

/** An event before it is addressed to endpoints. */
export interface WebhookEvent {
  type: WebhookEventType | typeof TEST_EVENT;
  data: Record<string, unknown>;
}

export interface WebhookEnvelope {
  id: string;
  type: WebhookEvent['type'];
  version: number;
  created_at: string;
  data: Record<string, unknown>;
}

export function envelope(id: string, event: WebhookEvent, createdAt: string): WebhookEnvelope {
  return { id, type: event.type, version: WEBHOOK_PAYLOAD_VERSION, created_at: createdAt, data: event.data };
}
