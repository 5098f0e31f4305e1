import { AppError } from '../errors';

/** The query a provider sends the user back with from its consent screen. */
export interface OAuthCallback {
  code: string | null;
  state: string | null;
  /** The provider's error: access_denied when the user refused. */
  error: string | null;
}

export function oauthCallbackOf(url: URL): OAuthCallback {
  return { code: url.searchParams.get('code'), state: url.searchParams.get('state'), error: url.searchParams.get('error') };
}

/** The code and state of a consent the user completed; otherwise why not, in the provider's name ("Google"). */
export function grantOf(callback: OAuthCallback, provider: string): { code: string; state: string } {
  const { code, state } = callback;
  if (code && state) return { code, state };
  throw new AppError(
    'forbidden',
    callback.error === 'access_denied' ? `${provider} access was not granted.` : `${provider} did not complete the sign-in.`,
  );
}
