import type { RelationshipKind } from '../../../worker/domain/relationships/relationship-kinds';

/** What the other is to this contact, as the People card's kind select offers it (every kind: the type says so). */
export const KIND_CHOICES = {
  partner: 'Partner',
  spouse: 'Spouse',
  parent: 'Parent',
  child: 'Child',
  sibling: 'Sibling',
  relative: 'Relative',
  friend: 'Friend',
  colleague: 'Colleague',
  manager: 'Manager',
  report: 'Reports to them',
  mentor: 'Mentor',
  mentee: 'Mentee',
  introducer: 'Introduced you to them',
  introduced: 'You met them through this contact',
  custom: 'Something else…',
} satisfies Record<RelationshipKind, string>;

export const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
