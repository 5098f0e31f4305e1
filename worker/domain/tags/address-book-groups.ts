// Google marks its system groups in exports with "* " ("* myContacts", "* starred") and names
// them by id in CATEGORIES ("myContacts", "starred"). The rule, the same for the CSV import,
// the vCard import and any sync: a group every contact or every starred contact is in says
// nothing the user chose to say, so it is not a tag; Google's "* Friends", "* Family" and
// "* Coworkers" are groups the user put people in, so they are tags (without the "* ");
// everything else is the user's own label and becomes a tag as written.
// Starred is dropped rather than mapped to a priority: Kith's priority means "how much to
// keep in touch", which a star in another app does not say.
const NOT_TAGS = new Set(['mycontacts', 'starred', 'starredinandroid', 'all', 'allcontacts', 'chatbuddies', 'blocked', 'othercontacts']);

/** The tag an address book's group or label stands for, or null for a system group. */
export function tagFromGroup(group: string): string | null {
  const name = group
    .trim()
    .replace(/^\*\s*/, '')
    .trim();
  if (!name || NOT_TAGS.has(name.toLowerCase().replace(/[\s_-]+/g, ''))) return null;
  return name;
}

/** Groups as tags: system groups dropped, each tag once (first spelling kept, case-insensitive). */
export function tagsFromGroups(groups: string[]): string[] {
  const tags = new Map<string, string>();
  for (const group of groups) {
    const tag = tagFromGroup(group);
    if (tag && !tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  }
  return [...tags.values()];
}
