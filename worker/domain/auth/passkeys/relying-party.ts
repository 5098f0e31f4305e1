import type { Settings } from '../../../env';
import { AppError } from '../../errors';
import { notConfigured } from '../../settings/not-configured';
import { appOrigin } from '../../settings/app-origin';

/** Who the passkeys are for: APP_URL's origin, and its host name as the RP ID (ADR 027). */
export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

/** The relying party from APP_URL, never from the request's Host; without APP_URL passkeys are off. */
export function relyingParty(settings: Pick<Settings, 'APP_URL'>): RelyingParty {
  const origin = appOrigin(settings);
  if (!origin)
    throw notConfigured(
      'Passkeys',
      ['APP_URL'],
      "Passkeys aren't available on this server yet. Ask whoever runs Kith to finish setting it up.",
    );
  return { name: 'Kith', id: new URL(origin).hostname, origin };
}

/**
 * The library's reasons, in words a person can act on. Its messages name the check that failed
 * ("Unexpected registration response origin ..."); they are kept in `details.reason` for the
 * developer calling the API.
 */
export function ceremonyRefused(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  if (/origin/i.test(reason))
    return new AppError('unauthenticated', 'This passkey answer was made for another site; use Kith at its own address', { reason });
  if (/counter/i.test(reason))
    return new AppError('unauthenticated', 'This passkey looks copied (its use counter went backwards); it was refused', { reason });
  if (/user verification|user was not verified/i.test(reason))
    return new AppError('unauthenticated', 'Your device did not confirm it was you (PIN, fingerprint or face); try again', { reason });
  if (/RP ID/i.test(reason)) return new AppError('unauthenticated', 'This passkey belongs to another site', { reason });
  return new AppError('unauthenticated', 'The passkey could not be verified; try again', { reason });
}

export const challengeGone = () => new AppError('unauthenticated', 'This passkey request has expired or was already used; start again');
