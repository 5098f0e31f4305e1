import { nowIso, randomSecret, sha256Hex } from '../../db/columns';
import { recordSecurityEvent, requestDetail } from '../audit/security-events';
import { depsForUser, type ServerDeps } from '../deps';
import { AppError } from '../errors';
import { countChallengeAttempt, deleteLoginChallenge, insertLoginChallenge } from './login-challenge-queries';
import { hitRateLimit } from './rate-limit';
import { deviceCookie, rememberDevice, type DeviceAtSignIn } from './known-devices';
import { createSession, sessionCookie } from './sessions';
import { isTwoFactorEnabled, verifySecondFactor } from './two-factor';
import { userById } from './user-queries';
import { toPublicUser, type PublicUser } from './users';

const CHALLENGE_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/** A session made, and what the sign-in did with the device (a cookie to set when new). */
export interface SignedIn {
  user: PublicUser;
  token: string;
  expiresAt: string;
  device: DeviceAtSignIn;
}

export type SignInStep =
  ({ kind: 'session' } & SignedIn) | { kind: 'two_factor'; user: PublicUser; challengeToken: string; expiresAt: string };

/** The Set-Cookie values of a complete sign-in: the session, and the device's when it is new. */
export function signedInCookies(signedIn: SignedIn, secure: boolean): string[] {
  const device = deviceCookie(signedIn.device, secure);
  return [sessionCookie(signedIn.token, signedIn.expiresAt, secure), ...(device ? [device] : [])];
}

/** The last step of every complete sign-in (password, password and code, or passkey): session and device. */
export async function finishSignIn(server: ServerDeps, user: PublicUser, request: Request, userAgent: string | null): Promise<SignedIn> {
  const db = server.directory.db;
  const session = await createSession(db, user.id, userAgent);
  const device = await rememberDevice(db, user.id, request);
  if (!device.known) await recordSecurityEvent(await depsForUser(server, user.id), 'sign_in.new_device', requestDetail(request));
  return { user, token: session.token, expiresAt: session.expiresAt, device };
}

/**
 * After a correct password: a session, or — for a user with two-factor on — a short-lived
 * challenge that only the code step accepts (it is not a session and opens nothing else).
 */
export async function startSignIn(server: ServerDeps, user: PublicUser, request: Request): Promise<SignInStep> {
  const db = server.directory.db;
  const userAgent = request.headers.get('user-agent');
  if (!(await isTwoFactorEnabled(db, user.id))) return { kind: 'session', ...(await finishSignIn(server, user, request, userAgent)) };
  const challengeToken = randomSecret(32);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
  await insertLoginChallenge(db, {
    id: await sha256Hex(challengeToken),
    userId: user.id,
    userAgent: userAgent?.slice(0, 300) ?? null,
    createdAt: now.toISOString(),
    expiresAt,
    attempts: 0,
  });
  return { kind: 'two_factor', user, challengeToken, expiresAt };
}

export const twoFactorRequired = (challengeToken: string, expiresAt: string) =>
  new AppError('two_factor_required', 'Enter the 6-digit code from your authenticator app, or a recovery code', {
    challenge_token: challengeToken,
    expires_at: expiresAt,
    next: 'POST /api/v1/auth/login/two-factor with {challenge_token, code}',
  });

const expired = () => new AppError('unauthenticated', 'This sign-in has expired; enter your email and password again');

/**
 * The second step, for the API and the page alike: the challenge plus a valid code become a
 * real session, within AUTH_RATE_LIMIT_PER_15_MIN codes per user.
 */
export async function completeTwoFactorSignIn(
  server: ServerDeps,
  challengeToken: string,
  code: string,
  request: Request,
): Promise<SignedIn> {
  const db = server.directory.db;
  const id = await sha256Hex(challengeToken);
  // Count the attempt before checking the code, so parallel guesses are counted too.
  const challenge = await countChallengeAttempt(db, id, nowIso());
  if (!challenge) throw expired();
  if (challenge.attempts > MAX_CODE_ATTEMPTS) {
    await deleteLoginChallenge(db, id);
    throw new AppError('unauthenticated', 'Too many wrong codes; enter your email and password again');
  }
  await hitRateLimit(
    db,
    `2fa:${challenge.userId}`,
    server.settings.AUTH_RATE_LIMIT_PER_15_MIN,
    900,
    'Too many two-factor attempts; try again later',
  );
  if (!(await verifySecondFactor(db, server.settings.ENCRYPTION_KEY, challenge.userId, code))) {
    throw new AppError('unauthenticated', 'That code is not valid', { attempts_left: MAX_CODE_ATTEMPTS - challenge.attempts });
  }
  await deleteLoginChallenge(db, id);
  const row = await userById(db, challenge.userId);
  if (!row) throw expired();
  return finishSignIn(server, toPublicUser(row), request, challenge.userAgent);
}
