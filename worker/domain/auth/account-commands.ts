import { z } from 'zod';
import { recordSecurityEvent } from '../audit/security-events';
import { command, type SignedIn } from '../command';
import { accountNameSchema, tokenNameSchema } from './account-input';
import { changePassword, deleteAccount } from './account';
import { newPasswordSchema, passwordProofSchema } from './password-rule';
import { scopeListSchema, type Caller } from './scopes';
import { createToken } from './tokens';
import { tokenLimitFields } from './token-limits';
import { updateProfile } from './users';

// The account's writes that both Settings and /me, /tokens make, each with its input once.

/** The session asking, kept signed in where a write signs out the others. */
export type SignedInSession = SignedIn & { sessionToken?: string };

/** A new password: every other session is signed out, unused reset links die. */
export const changeAccountPassword = command(
  z.object({ current_password: passwordProofSchema, new_password: newPasswordSchema }).strict(),
  async ({ deps, user, sessionToken }: SignedInSession, input) => {
    const left = await changePassword(
      deps.directory.db,
      deps.settings.PASSWORD_HASH_ITERATIONS,
      user.id,
      input.current_password,
      input.new_password,
      sessionToken,
    );
    await recordSecurityEvent(deps, 'password.changed');
    return left;
  },
);

/** The account and all its data, behind the email typed again and the password. */
export const deleteOwnAccount = command(
  z.object({ confirm_email: z.string().max(254), password: passwordProofSchema }).strict(),
  ({ deps, user }: SignedIn, input) => deleteAccount(deps, user.id, input.confirm_email, input.password),
);

/** The account's name and/or time zone (an IANA name; an unknown one is refused, 422). */
export const updateAccount = command(
  z.object({ name: accountNameSchema.optional(), time_zone: z.string().min(1, 'is required').max(64).optional() }).strict(),
  ({ deps, user }: SignedIn, input) => updateProfile(deps, user.id, input),
);

/** A personal access token, shown once, with the scopes asked for (or the default); a token asking holds every scope it grants. */
export const createAccessToken = command(
  z.object({ name: tokenNameSchema, scopes: scopeListSchema.optional(), ...tokenLimitFields }).strict(),
  async ({ deps, user, caller }: SignedIn & { caller?: Caller }, { name, scopes, ...limits }) => {
    const made = await createToken(deps.directory.db, user.id, name, scopes, caller, limits);
    await recordSecurityEvent(deps, 'token.created', {
      name: made.name,
      scopes: made.scopes,
      ...(made.contact_tags ? { contact_tags: made.contact_tags } : {}),
      ...(made.hide_private ? { hide_private: true } : {}),
      ...(made.tools ? { tools: made.tools } : {}),
    });
    return made;
  },
);
