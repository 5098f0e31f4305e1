// The characters of a message sent from the composer, shared by the API's schema
// (send-message.ts) and the composer's fields: no imports, so zod stays out of the browser's
// bundle. Each channel's own body limit is in drafts/channels.ts.
export const MESSAGE_LIMITS = {
  /** RFC 5322's longest line. */
  subject: 998,
  body: 20_000,
} as const;
