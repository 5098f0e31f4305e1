/** How long a sync password's device name may be: the command's schema and the Settings form (no zod, so the browser can read it). */
export const APP_PASSWORD_NAME_MAX = 100;
