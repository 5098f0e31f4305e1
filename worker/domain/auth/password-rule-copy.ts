// What the password rule tells people, shared by the API, the pages and their hints (no
// imports: the pages' browser bundle reads it, and must not pull in the password list).
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password`;

export const TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters`;

export const TOO_COMMON =
  'This password is too common: it is on the lists of leaked passwords that attackers try first. Choose another one, for example a few unrelated words.';
