// The characters of what an account is given by hand, shared by the API's schemas and the
// pages' hints: no imports, so zod stays out of the browser's bundle.
export const ACCOUNT_LIMITS = {
  /** The account holder's name (sign-up, profile). */
  name: 200,
  /** A personal access token's label. */
  tokenName: 100,
  /** A code from the authenticator app or a recovery code, as typed. */
  twoFactorCode: 20,
  /** A password-reset link's token. */
  resetToken: 200,
} as const;
