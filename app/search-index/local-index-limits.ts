/**
 * Above this many contacts Kith keeps no copy for search on the device and every search asks
 * the server (docs/decisions/040): the budgets (30 MB of IndexedDB, 60 MB in the tab,
 * a 10 s first build on a phone) were set for 50 000.
 */
export const LOCAL_INDEX_CEILING = 50_000;
/** Rows read per page of the build (the API's most): about 1 MB each, resumable between pages. */
export const LOCAL_INDEX_PAGE = 2_000;
/** How often an open, visible tab asks what changed. */
export const LOCAL_INDEX_SYNC_MS = 30_000;
/** The longest the build holds the page at a time: half a frame, so a key press paints in the next. */
export const LOCAL_INDEX_SLICE_MS = 8;
/** Saved pages of changes beyond the snapshot's own that a start reads before it saves the index again as few pages. */
export const LOCAL_INDEX_PAGES_KEPT = 200;
/** The order the build ranks as it goes (the palette's, and the list's first). */
export const LOCAL_INDEX_FIRST_SORT = '-score';
