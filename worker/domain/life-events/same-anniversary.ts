// One wedding, recorded twice: the contact's anniversary date (from a card, ADR 049) and a
// yearly "married" life event on the same day. The date is the yearly fact; the event stays the
// news with its evidence, and its yearly return is not shown a second time (ADR 058).
// No imports: the contact page's Life section reads this in the browser, and the queries too.

/** The kind of life event whose yearly return is a wedding anniversary. */
export const WEDDING_KIND = 'engaged_married';

const mmdd = (month: number, day: number) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Whether the event's yearly return is this anniversary date: same contact, a wedding, the same day. */
export function isSameAnniversary(
  event: { contact_id: string; kind: string; recurs: boolean; happened_on: string | null },
  date: { contact_id: string; kind: string; month: number; day: number },
): boolean {
  return (
    event.recurs &&
    event.kind === WEDDING_KIND &&
    date.kind === 'anniversary' &&
    event.contact_id === date.contact_id &&
    event.happened_on?.length === 10 &&
    event.happened_on.slice(5) === mmdd(date.month, date.day)
  );
}
