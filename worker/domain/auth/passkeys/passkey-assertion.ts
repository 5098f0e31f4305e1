import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Db } from '../../../db/client';
import type { PasskeyRow } from '../../../db/schema';
import { nowIso } from '../../../db/columns';
import { AppError } from '../../errors';
import type { AuthenticationResponse } from './passkey-input';
import { recordPasskeyUse } from './passkey-queries';
import { ceremonyRefused, type RelyingParty } from './relying-party';

/**
 * Checks a signature by `passkey` over the spent challenge, for this origin and RP ID, with
 * user verification when `requireUserVerification` (a passwordless sign-in), and records its
 * use: the counter moves forward once, so a cloned authenticator's older counter is refused.
 */
export async function checkAssertion(
  db: Db,
  rp: RelyingParty,
  challenge: string,
  passkey: PasskeyRow,
  response: AuthenticationResponse,
  requireUserVerification: boolean,
): Promise<void> {
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports ? passkey.transports.split(' ') : undefined,
      },
      requireUserVerification,
    });
  } catch (error) {
    throw ceremonyRefused(error);
  }
  if (!result.verified) throw ceremonyRefused(new Error('The signature was not verified'));
  const recorded = await recordPasskeyUse(db, passkey.id, passkey.counter, result.authenticationInfo.newCounter, nowIso());
  if (!recorded) throw new AppError('unauthenticated', 'This passkey was used twice at the same moment; the second use was refused');
}
