/** The places a user can go, as the palette offers them. */
export const PALETTE_PAGES: { label: string; to: string; words: string }[] = [
  { label: 'Home', to: '/home', words: 'home today agenda due' },
  { label: 'Contacts', to: '/contacts', words: 'contacts people list' },
  { label: 'New contact', to: '/contacts/new', words: 'new add create contact person' },
  { label: 'Organizations', to: '/organizations', words: 'organizations companies' },
  { label: 'Tags', to: '/tags', words: 'tags labels' },
  { label: 'Map', to: '/map', words: 'map world places' },
  { label: 'Import', to: '/import', words: 'import csv vcard linkedin google upload' },
  { label: 'Settings', to: '/settings', words: 'settings account integrations password tokens export' },
];

/** Pages whose name or keywords start with a word of the query. */
export function matchPages(query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return PALETTE_PAGES;
  return PALETTE_PAGES.filter((p) => words.every((w) => `${p.label.toLowerCase()} ${p.words}`.split(/\s+/).some((k) => k.startsWith(w))));
}
