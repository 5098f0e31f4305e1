import type { Identifier } from './identifiers';
import { samePhoneNumber } from './phone-forms';
import { ownedValueKey, type ContactState, type HeldIdentifier } from './upsert-state';

// A refreshing source's emails and phones (ADR 060). The source's copy of a contact lists its
// values without saying which one was edited: a value the source gave that its copy no longer
// lists is read as edited when the copy lists a new value of the same kind (replaced, in order),
// and as deleted otherwise (kept, ADR 057). Values typed in Kith or brought by another source
// are never among them.

/** Per kind (email, phone), the values the source gave this contact that its copy no longer lists, in the contact's order. */
export function valuesGoneFromSource(state: ContactState, incoming: Identifier[]): Map<string, HeldIdentifier[]> {
  const gone = new Map<string, HeldIdentifier[]>();
  for (const kind of ['email', 'phone'] as const) {
    const listed = incoming.filter((i) => i.kind === kind);
    const values = state.identifiers
      .filter((x) => x.kind === kind && state.ownedValues.has(ownedValueKey(kind, x.valueNorm)))
      .filter((x) => !listed.some((i) => i.valueNorm === x.valueNorm || (kind === 'phone' && samePhoneNumber(i.valueNorm, x.valueNorm))))
      .sort((a, b) => a.position - b.position);
    if (values.length) gone.set(kind, values);
  }
  return gone;
}
