// What the reset flow tells people, shared by the API, the pages and the email (no imports:
// the pages' browser bundle reads it too).
export const RESET_MINUTES = 30;

export const FORGOT_MESSAGE = `If an account exists for that address, we sent it a link to choose a new password. The link works once, for ${RESET_MINUTES} minutes.`;
