import '../../tests/fakes/apollo.ts';
import { startFakeProviders } from '../../tests/fakes/fake-providers.ts';
import '../../tests/fakes/gmail.ts';
import '../../tests/fakes/google-calendar.ts';
import '../../tests/fakes/google.ts';
import '../../tests/fakes/mapbox.ts';
import '../../tests/fakes/map-style.ts';
import '../../tests/fakes/monica.ts';
import '../../tests/fakes/openai.ts';
import '../../tests/fakes/telegram-gateway.ts';
import '../../tests/fakes/webhook-receiver.ts';
import '../../tests/fakes/x.ts';

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

/** Set by e2e/run.mjs: the address of the fake providers every spec shares. */
export const SHARED_FAKES_ENV = 'KITH_E2E_FAKES_URL';

/**
 * The fake outside services: the runner's, shared by every spec as the workerd suite shares
 * them (each spec steers its scenarios by keys it made unique), or this spec's own when it runs
 * without the runner. Closing the shared ones is left to the runner.
 */
export async function fakeProviders(): Promise<FakeProviders> {
  const shared = process.env[SHARED_FAKES_ENV];
  if (shared) return { url: shared, close: async () => {} };
  return startFakeProviders();
}

export { startFakeProviders };

/** What the specs' shared "providers" server is told about the fakes (`providerSettings`). */
export const INBOUND_EMAIL_SECRET = 'e2e-inbound-secret';

/**
 * The settings of the server shared by the specs that talk to outside services: every provider
 * pointed at the fakes, as the workerd suite's Worker is (vitest.config.ts). Specs that need a
 * provider left unset, or other limits, ask for settings of their own.
 */
export function providerSettings(fakesUrl: string): Record<string, string> {
  return {
    ENCRYPTION_KEY: 'e2e-encryption-key',
    LLM_BASE_URL: `${fakesUrl}/openai/v1`,
    LLM_API_KEY: 'test-llm-key',
    ENRICHMENT_API_URL: `${fakesUrl}/apollo`,
    ENRICHMENT_API_KEY: 'test-apollo-key',
    GOOGLE_CLIENT_ID: 'test-google-client',
    GOOGLE_CLIENT_SECRET: 'test-google-secret',
    GOOGLE_OAUTH_URL: `${fakesUrl}/google/accounts`,
    GOOGLE_TOKEN_URL: `${fakesUrl}/google/oauth2`,
    GOOGLE_API_URL: `${fakesUrl}/google/people`,
    GMAIL_API_URL: `${fakesUrl}/google/gmail`,
    GOOGLE_CALENDAR_API_URL: `${fakesUrl}/google/calendar`,
    X_CLIENT_ID: 'test-x-client',
    X_CLIENT_SECRET: 'test-x-secret',
    X_AUTH_URL: `${fakesUrl}/x/i/oauth2/authorize`,
    X_API_URL: `${fakesUrl}/x`,
    TELEGRAM_GATEWAY_URL: `${fakesUrl}/telegram-gateway`,
    TELEGRAM_GATEWAY_SECRET: 'test-telegram-secret',
    BCC_DOMAIN: 'in.kith.test',
    INBOUND_EMAIL_SECRET,
    // The fakes are on this machine: a self-hosted Kith's own tools are allowed this way (ADR 030),
    // and webhook deliveries retry at once instead of over a day.
    ALLOWED_PRIVATE_HOSTS: new URL(fakesUrl).host,
    WEBHOOK_RETRY_MAX_DELAY_SECONDS: '0',
  };
}

/**
 * The settings of the server the map's journeys share (map, accessibility): a public map token
 * and the fakes' background-only style, and an API limit one user seeding hundreds of contacts
 * and panning stays under (the 429 journeys test the limit elsewhere).
 */
export function mapSettings(fakesUrl: string): Record<string, string> {
  return {
    MAP_PROVIDER_PUBLIC_TOKEN: 'pk.e2e-public-token',
    MAP_STYLE_URL: `${fakesUrl}/map-style/style.json`,
    API_RATE_LIMIT_PER_MINUTE: '100000',
  };
}

/**
 * The settings of the server the imports and account-safety journeys share: an encryption key
 * (two-factor secrets, Google tokens) and a Google client, with every provider at its real
 * address, so "Connect Google" sends the user to accounts.google.com (which no journey reaches).
 */
export function ownKeySettings(): Record<string, string> {
  return { GOOGLE_CLIENT_ID: 'e2e-client', GOOGLE_CLIENT_SECRET: 'e2e-secret', ENCRYPTION_KEY: 'e2e-key' };
}
