/** The places a user can go, and the commands, as the palette offers them. */
export interface PalettePage {
  label: string;
  to: string;
  words: string;
  /** A command run in the palette instead of a page: `log` asks whom the conversation was with. */
  command?: 'log';
}

export const PALETTE_PAGES: PalettePage[] = [
  { label: 'Home', to: '/home', words: 'home today agenda due' },
  { label: 'Contacts', to: '/contacts', words: 'contacts people list' },
  { label: 'New contact', to: '/contacts/new', words: 'new add create contact person' },
  { label: 'Log a conversation…', to: '/?find=log', words: 'log conversation interaction call meeting coffee', command: 'log' },
  { label: 'Organizations', to: '/organizations', words: 'organizations companies' },
  { label: 'Tags', to: '/tags', words: 'tags labels' },
  { label: 'Map', to: '/map', words: 'map world places' },
  { label: 'Import', to: '/import', words: 'import csv vcard linkedin google upload' },
  { label: 'Settings', to: '/settings', words: 'settings account integrations password tokens export' },
];

/** Pages whose name or keywords start with a word of the query. */
export function matchPages(query: string): PalettePage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return PALETTE_PAGES;
  return PALETTE_PAGES.filter((p) => words.every((w) => `${p.label.toLowerCase()} ${p.words}`.split(/\s+/).some((k) => k.startsWith(w))));
}

/** Whether the query names the page or command itself ("settings", "new contact", "log"): it then comes before people. */
export function namesPage(query: string, page: PalettePage): boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const label = page.label.toLowerCase().replace(/…$/, '');
  // Whole words only: "con" still finds Connor before the Contacts page.
  return q !== '' && (label === q || label.startsWith(`${q} `) || page.words.split(' ').includes(q));
}
