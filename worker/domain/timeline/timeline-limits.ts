// The characters of what is written on the timeline (a note, a meeting, a logged conversation),
// shared by the API's schemas and the contact page's hints: no imports, so zod stays out of the
// browser's bundle.
export const TIMELINE_LIMITS = { title: 200, body: 20_000 } as const;
