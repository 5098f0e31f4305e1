import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Db } from '../../../db/client';
import { AppError } from '../../errors';
import { insertPasskeyChallenge, spendPasskeyChallenge } from './passkey-challenge-queries';
import { challengeGone } from './relying-party';

/** How long the browser has to answer a challenge (also the ceremony's timeout). */
export const CHALLENGE_MS = 5 * 60_000;

type Purpose = 'register' | 'sign_in' | 'second_factor';

/** Keeps the challenge the options carry, for the one answer that may spend it. */
export async function keepChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  tie: { userId?: string; email?: string; loginChallengeId?: string } = {},
): Promise<void> {
  const now = new Date();
  await insertPasskeyChallenge(db, {
    id: challenge,
    purpose,
    userId: tie.userId ?? null,
    email: tie.email ?? null,
    loginChallengeId: tie.loginChallengeId ?? null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
  });
}

/**
 * Spends the challenge the browser's answer signed (read from its clientDataJSON): once, and
 * only for its own ceremony. A replayed or late answer finds nothing and is refused.
 */
export async function spendChallengeOf(db: Db, clientDataJSON: string, purpose: Purpose) {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw new AppError('invalid_request', 'The passkey answer could not be read', {
      issues: [{ path: 'response.response.clientDataJSON', message: 'is not WebAuthn client data' }],
    });
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 200) throw challengeGone();
  const row = await spendPasskeyChallenge(db, challenge, purpose, new Date().toISOString());
  if (!row) throw challengeGone();
  return row;
}
