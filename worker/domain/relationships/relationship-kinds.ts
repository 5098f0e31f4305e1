import { RELATIONSHIP_KINDS, type RelationshipKind } from '../../db/schema/relationships';

export { RELATIONSHIP_KINDS, type RelationshipKind };

/**
 * A kind says what the other is to a contact: on Ana's list, Bo as `child` is Ana's child.
 * The inverse is what the contact is to the other, written on the other's side.
 */
export const INVERSE_KIND: Record<RelationshipKind, RelationshipKind> = {
  partner: 'partner',
  spouse: 'spouse',
  parent: 'child',
  child: 'parent',
  sibling: 'sibling',
  relative: 'relative',
  friend: 'friend',
  colleague: 'colleague',
  manager: 'report',
  report: 'manager',
  mentor: 'mentee',
  mentee: 'mentor',
  // Cy introduced me to Dee: on Dee's side Cy is the introducer, on Cy's side Dee was introduced.
  introducer: 'introduced',
  introduced: 'introducer',
  custom: 'custom',
};

export type RelationshipGroup = 'family' | 'work' | 'how_we_met' | 'other';

/** Where a kind shows on the contact page's People card. */
export const GROUP_OF_KIND: Record<RelationshipKind, RelationshipGroup> = {
  partner: 'family',
  spouse: 'family',
  parent: 'family',
  child: 'family',
  sibling: 'family',
  relative: 'family',
  friend: 'other',
  colleague: 'work',
  manager: 'work',
  report: 'work',
  mentor: 'work',
  mentee: 'work',
  introducer: 'how_we_met',
  introduced: 'how_we_met',
  custom: 'other',
};

/** The kind in the user's words, as the other is to the contact ("Bo — child"). */
export const KIND_LABEL: Record<RelationshipKind, string> = {
  partner: 'partner',
  spouse: 'spouse',
  parent: 'parent',
  child: 'child',
  sibling: 'sibling',
  relative: 'relative',
  friend: 'friend',
  colleague: 'colleague',
  manager: 'manager',
  report: 'reports to them',
  mentor: 'mentor',
  mentee: 'mentee',
  introducer: 'introduced you',
  introduced: 'you met through them',
  custom: 'custom',
};
