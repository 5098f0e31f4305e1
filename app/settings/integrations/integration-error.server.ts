import type { Settings } from '../../../worker/env';

// Settings → Integrations says why a connect, a sync or a card step failed through the redirect
// back (?integration_error=…). The words are Kith's own (an AppError's message, e.g. "That code
// is not valid"), so they travel with an HMAC under ENCRYPTION_KEY, and the page shows only words
// whose MAC verifies: a crafted link cannot put its own sentence on Kith's page. Chosen over a
// table of error codes, which would lose the providers' specific reasons (issue 41 item 9).

const GENERIC = 'Connecting or syncing did not work. Try again.';
const MAX = 300;
const enc = new TextEncoder();

async function mac(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const bytes = new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(`integration-error:${message}`)));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The query string (with its "?") that carries `message` back to Settings, signed. */
export async function integrationErrorQuery(settings: Pick<Settings, 'ENCRYPTION_KEY'>, message: string): Promise<string> {
  const text = message.slice(0, MAX);
  const key = settings.ENCRYPTION_KEY;
  const query = `?integration_error=${encodeURIComponent(text)}`;
  return key ? `${query}&integration_error_mac=${await mac(key, text)}` : query;
}

/** What the page may say: the message when its MAC verifies, a plain sentence when not, null with no error. */
export async function shownIntegrationError(settings: Pick<Settings, 'ENCRYPTION_KEY'>, url: URL): Promise<string | null> {
  const text = url.searchParams.get('integration_error');
  if (text === null) return null;
  const given = url.searchParams.get('integration_error_mac') ?? '';
  const key = settings.ENCRYPTION_KEY;
  if (!key || text.length > MAX) return GENERIC;
  const expected = await mac(key, text);
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0);
  return diff === 0 ? text : GENERIC;
}
