import { tagSchema } from '../contacts/contact-input';

// ADR 078, 082: a name another app gives its group or label (a CSV's or vCard's category, a
// Google label, a Monica group) is never cut to make a tag. One longer than a tag may be is left
// out of the tags, reported as a warning of the import or sync, and kept whole in the notes.

/** Why `name` (one line, trimmed) cannot be a tag as written, in the report's words; null when it can. */
export function whyNotATag(name: string): string | null {
  return tagSchema.safeParse(name).success ? null : 'is longer than a tag may be';
}
