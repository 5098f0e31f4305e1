import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { nowIso, sha256Hex } from '../../../db/columns';
import type { ServerDeps } from '../../deps';
import { AppError } from '../../errors';
import { clientAddress } from '../client-address';
import { countChallengeAttempt, deleteLoginChallenge, openLoginChallenge } from '../login-challenge-queries';
import { hitRateLimit } from '../rate-limit';
import { finishSignIn, MAX_CODE_ATTEMPTS, type SignedIn } from '../sign-in';
import { checkedAgainst, failureBudget } from '../failure-budget';
import { knownDeviceWithEmail } from '../known-device-queries';
import { readDeviceToken } from '../known-devices';
import { normalEmail, SOURCE_FACTOR } from '../sign-in-throttle';
import { userById } from '../user-queries';
import { toPublicUser } from '../users';
import { checkAssertion } from './passkey-assertion';
import { CHALLENGE_MS, keepChallenge, spendChallengeOf } from './passkey-challenges';
import type { AuthenticationResponse } from './passkey-input';
import { passkeyByCredentialId, passkeysOf } from './passkey-queries';
import { MAX_PASSKEYS, userHandleOf } from './passkey-registration';
import { relyingParty } from './relying-party';

// Signing in with a passkey: instead of the password (a discoverable credential, with user
// verification), or as the second step after it where two-factor is on. Both end in the same
// finishSignIn as a password, so sessions and known devices work alike (docs/decisions/027).

const unknownPasskey = () =>
  new AppError('unauthenticated', 'This passkey is not registered with Kith (it may have been removed); sign in with your password');
const loginExpired = () => new AppError('unauthenticated', 'This sign-in has expired; enter your email and password again');

/**
 * Options for a passwordless sign-in: no credential list, so the browser offers every passkey
 * it holds for Kith. With `email` (typed before "Use a passkey") only that account's passkey
 * will be accepted; the answer is the same whether or not the account exists.
 */
export async function passkeySignInOptions(server: ServerDeps, request: Request, email?: string) {
  const rp = relyingParty(server.settings);
  const db = server.directory.db;
  // Each call stores a challenge: a source gets as many as it could try passwords. A browser
  // that signed in before counts on its own, so strangers on its network cannot use its share.
  const deviceToken = readDeviceToken(request);
  const device = deviceToken ? await knownDeviceWithEmail(db, await sha256Hex(deviceToken)) : undefined;
  await hitRateLimit(
    db,
    device ? `passkey-options-device:${device.id}` : `passkey-options:${clientAddress(request)}`,
    server.settings.AUTH_RATE_LIMIT_PER_15_MIN * SOURCE_FACTOR,
    900,
    'Too many sign-in attempts; try again later',
  );
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_MS });
  await keepChallenge(db, options.challenge, 'sign_in', { email: email ? normalEmail(email) : undefined });
  return options;
}

/** A passkey's answer to those options: a session, as a right password gives. */
export async function signInWithPasskey(server: ServerDeps, request: Request, response: AuthenticationResponse): Promise<SignedIn> {
  const rp = relyingParty(server.settings);
  const db = server.directory.db;
  // A passkey cannot be guessed: the right one always signs in, and only wrong answers count
  // against their source (failure-budget.ts), beside its wrong passwords (docs/decisions/027, 050).
  const budget = failureBudget(
    db,
    `auth-ip:${clientAddress(request)}`,
    server.settings.AUTH_RATE_LIMIT_PER_15_MIN * SOURCE_FACTOR,
    'Too many sign-in attempts; try again later',
  );
  const user = await checkedAgainst(budget, async () => {
    const challenge = await spendChallengeOf(db, response.response.clientDataJSON, 'sign_in');
    const passkey = await passkeyByCredentialId(db, response.id);
    if (!passkey) throw unknownPasskey();
    const row = await userById(db, passkey.userId);
    if (!row) throw unknownPasskey();
    if (challenge.email && normalEmail(row.email) !== challenge.email)
      throw new AppError('unauthenticated', 'This passkey belongs to another account than the email you typed');
    if (response.response.userHandle && response.response.userHandle !== userHandleOf(row.id))
      throw new AppError('unauthenticated', 'This passkey answered for another account');
    await checkAssertion(db, rp, challenge.id, passkey, response, true);
    return toPublicUser(row);
  });
  return finishSignIn(server, user, request, request.headers.get('user-agent'));
}

/** Options for the second step with a passkey: the account's own passkeys, presence enough. */
export async function secondFactorPasskeyOptions(server: ServerDeps, challengeToken: string) {
  const rp = relyingParty(server.settings);
  const db = server.directory.db;
  const loginChallengeId = await sha256Hex(challengeToken);
  const login = await openLoginChallenge(db, loginChallengeId, nowIso());
  if (!login) throw loginExpired();
  const keys = await passkeysOf(db, login.userId, MAX_PASSKEYS);
  if (keys.length === 0)
    throw new AppError('not_processable', 'This account has no passkey; enter the code from your authenticator app or a recovery code');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports ? k.transports.split(' ') : undefined })),
    // The password was the first factor: the passkey's presence is the second.
    userVerification: 'discouraged',
    timeout: CHALLENGE_MS,
  });
  await keepChallenge(db, options.challenge, 'second_factor', { userId: login.userId, loginChallengeId });
  return options;
}

/** The second step with a passkey instead of a code: counted like a code, then a session. */
export async function completeTwoFactorWithPasskey(
  server: ServerDeps,
  challengeToken: string,
  response: AuthenticationResponse,
  request: Request,
): Promise<SignedIn> {
  const rp = relyingParty(server.settings);
  const db = server.directory.db;
  const loginChallengeId = await sha256Hex(challengeToken);
  const login = await countChallengeAttempt(db, loginChallengeId, nowIso());
  if (!login) throw loginExpired();
  if (login.attempts > MAX_CODE_ATTEMPTS) {
    await deleteLoginChallenge(db, loginChallengeId);
    throw new AppError('unauthenticated', 'Too many failed attempts; enter your email and password again');
  }
  const challenge = await spendChallengeOf(db, response.response.clientDataJSON, 'second_factor');
  if (challenge.loginChallengeId !== loginChallengeId) throw loginExpired();
  const passkey = await passkeyByCredentialId(db, response.id);
  if (!passkey || passkey.userId !== login.userId)
    throw new AppError('unauthenticated', "This passkey is not one of this account's passkeys");
  await checkAssertion(db, rp, challenge.id, passkey, response, false);
  await deleteLoginChallenge(db, loginChallengeId);
  const row = await userById(db, login.userId);
  if (!row) throw loginExpired();
  return finishSignIn(server, toPublicUser(row), request, login.userAgent);
}
