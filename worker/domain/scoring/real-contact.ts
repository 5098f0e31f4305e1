// Which interactions are real contact, for the relationship score and a contact's last
// interaction date (relationship-score.ts gives the score's formula, ADR 002).

export const NON_CONTACT_KINDS = ['note', 'bio_change', 'read_receipt'] as const;

/** Outbound messages that have not reached the person (a LinkedIn message still queued for the extension, or one it failed to send). */
export const NOT_SENT_STATUSES = ['queued', 'failed'] as const;

/** Kinds of conversation both people take part in; without a direction they count both ways. */
export const TWO_WAY_KINDS = ['call', 'meeting', 'coffee'] as const;

/** Whether an interaction row is real contact (the JS twin of isContactSql, score-queries.ts). */
export function countsAsContact(row: { kind: string; conversation?: boolean | null; status?: string | null }): boolean {
  if ((NOT_SENT_STATUSES as readonly string[]).includes(row.status ?? '')) return false;
  return !(NON_CONTACT_KINDS as readonly string[]).includes(row.kind) || Boolean(row.conversation);
}
