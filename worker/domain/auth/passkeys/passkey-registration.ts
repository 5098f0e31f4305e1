import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { newId, nowIso } from '../../../db/columns';
import type { SignedIn } from '../../command';
import { recordSecurityEvent } from '../../audit/security-events';
import { AppError } from '../../errors';
import { CHALLENGE_MS, keepChallenge, spendChallengeOf } from './passkey-challenges';
import type { RegistrationResponse } from './passkey-input';
import { defaultPasskeyName } from './passkey-names';
import { countPasskeys, insertPasskey, passkeyByCredentialId, passkeysOf } from './passkey-queries';
import { toPasskeySummary, type PasskeySummary } from './passkey-summary';
import { ceremonyRefused, relyingParty } from './relying-party';

/** Passkeys one account may hold: enough for every device and a spare key, and one page to list. */
export const MAX_PASSKEYS = 20;
/** ES256, EdDSA, RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -8, -257];

const tooMany = () => new AppError('conflict', `An account can have at most ${MAX_PASSKEYS} passkeys; remove one first`);
const transportsOf = (stored: string) => (stored ? stored.split(' ') : undefined);

/** The user's handle inside their passkeys: the account id, no email or name (they can change). */
export const userHandleOf = (userId: string) => isoBase64URL.fromUTF8String(userId);

/**
 * What `navigator.credentials.create` needs for a new passkey of the signed-in user: a
 * discoverable credential (so it can sign in without the email) with user verification.
 */
export async function passkeyRegistrationOptions({ deps, user }: SignedIn) {
  const rp = relyingParty(deps.settings);
  const db = deps.directory.db;
  const existing = await passkeysOf(db, user.id, MAX_PASSKEYS);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: isoBase64URL.toBuffer(userHandleOf(user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(db, options.challenge, 'register', { userId: user.id });
  return options;
}

/** Checks the authenticator's answer to those options and keeps the new passkey, named. */
export async function registerPasskey(
  { deps, user }: SignedIn,
  input: { response: RegistrationResponse; name?: string },
  userAgent: string | null,
): Promise<PasskeySummary> {
  const rp = relyingParty(deps.settings);
  const db = deps.directory.db;
  const challenge = await spendChallengeOf(db, input.response.response.clientDataJSON, 'register');
  if (challenge.userId !== user.id) throw ceremonyRefused(new Error('The challenge was issued to another account'));
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.id,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw ceremonyRefused(error);
  }
  if (!verification.verified) throw ceremonyRefused(new Error('The registration was not verified'));
  const info = verification.registrationInfo;
  if (await passkeyByCredentialId(db, info.credential.id)) throw new AppError('conflict', 'This passkey is already registered');
  if (((await countPasskeys(db, user.id))?.n ?? 0) >= MAX_PASSKEYS) throw tooMany();
  const row = {
    id: newId(),
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: (info.credential.transports ?? []).join(' '),
    aaguid: info.aaguid,
    backedUp: info.credentialBackedUp,
    name: input.name ?? defaultPasskeyName(info.aaguid, userAgent),
    createdAt: nowIso(),
    lastUsedAt: null,
  };
  await insertPasskey(db, row);
  await recordSecurityEvent(deps, 'passkey.added', { name: row.name });
  return toPasskeySummary(row);
}
