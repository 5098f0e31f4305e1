/** How long a passkey's name may be: the API's schema and the Settings form's maxLength (no zod, so the browser can read it). */
export const PASSKEY_NAME_MAX = 60;
