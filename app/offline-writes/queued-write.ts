/** What a queued write is: the form the page would have sent, and what the page shows meanwhile. */
export type QueuedKind = 'note' | 'log' | 'edit' | 'reminder';

/**
 * A write made while Kith could not be reached, kept on this device (ADR 045) until it lands.
 * `fields` is the form exactly as the page sent it, its idempotency key included, so however
 * often it is sent (the first try may have reached Kith) it lands once.
 */
export interface QueuedWrite {
  /** The write's idempotency key, also its key in the queue. */
  key: string;
  /** When it was made (ms): writes are sent in this order. */
  at: number;
  contactId: string;
  /** The contact's name when the write was made: said where the write shows off their page. */
  contactName?: string;
  kind: QueuedKind;
  fields: [string, string][];
  /** pending: waiting to send; failed: Kith refused it; conflict: the contact changed meanwhile. */
  status: 'pending' | 'failed' | 'conflict';
  /** Why it failed, in Kith's words, and Kith's code for it (`not_found`: the contact is gone). */
  error?: string;
  code?: string;
  /** How many sends Kith answered with its own failure (a 5xx): after a few the write is shown as refused. */
  failures?: number;
  /** An edit: the field's label, the value it was edited from, and the new value. */
  edit?: { label: string; from: string; to: string };
  /** A conflict: the contact's version now (the edit is sent again on it once the user chose). */
  currentVersion?: string;
}

/** A form field of a queued write. */
export const fieldOf = (write: QueuedWrite, name: string): string => write.fields.find(([k]) => k === name)?.[1] ?? '';
