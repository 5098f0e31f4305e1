import { cookieValue } from '../../worker/cookie-value';

// The pending second step of a sign-in rides in its own short-lived cookie, scoped to the
// login pages. It is not a session cookie: nothing but /login/two-factor reads it.
const NAME = 'kith_2fa';

export function twoFactorCookie(challengeToken: string, expiresAt: string, secure: boolean): string {
  const parts = [`${NAME}=${challengeToken}`, 'Path=/login', 'HttpOnly', 'SameSite=Lax', `Expires=${new Date(expiresAt).toUTCString()}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedTwoFactorCookie(secure: boolean): string {
  return `${NAME}=; Path=/login; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

export function readTwoFactorChallenge(cookieHeader: string | null): string | null {
  return cookieValue(cookieHeader, NAME);
}
