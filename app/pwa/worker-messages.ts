/** What the page and Kith's service worker (service-worker/sw.ts) say to each other. */
export type ToServiceWorker =
  /** Which saved copy the worker answered this page with instead of the network, if any. */
  | { type: 'saved-at' }
  /** Take over from the running version (the user chose "Reload" on "A new version is ready"). */
  | { type: 'SKIP_WAITING' }
  /** Sign-out: forget every saved page. */
  | { type: 'forget-saved-pages' };

export interface SavedAtAnswer {
  /** Epoch milliseconds the copy shown was saved, or null when the page came from the network. */
  savedAt: number | null;
}

/** Told by the worker when it answers this page from a saved copy: the banner need not wait to ask. */
export interface AnsweredFromSaved {
  type: 'answered-from-saved';
  savedAt: number;
}
