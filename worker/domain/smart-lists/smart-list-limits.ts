// The characters of a smart list's name, shared by the API's schema (smart-lists.ts) and the
// contact list's save field: no imports, so zod stays out of the browser's bundle.
export const SMART_LIST_LIMITS = { name: 100 } as const;
