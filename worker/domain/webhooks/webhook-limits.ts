/** How long an endpoint's address and description may be: the API's schema and the Settings form (no zod, so the browser can read it). */
export const WEBHOOK_LIMITS = { url: 2000, description: 200 } as const;
