import { env } from 'cloudflare:workers';
import type { RecordedRequest, Scenario } from '../fakes/fake-scenarios';

const base = () => (env as unknown as { FAKE_PROVIDERS_URL: string }).FAKE_PROVIDERS_URL;

/** Tells a fake how to answer requests that contain `scenario.when`. */
export async function steer(provider: 'apollo' | 'openai', scenario: Scenario): Promise<void> {
  const res = await fetch(`${base()}/${provider}/__scenario`, { method: 'POST', body: JSON.stringify(scenario) });
  if (res.status !== 204) throw new Error(`could not steer the ${provider} fake: ${res.status}`);
}

/** What the fake received, for requests containing `contains`. */
export async function requestsTo(provider: 'apollo' | 'openai' | 'sites' | 'doh', contains: string): Promise<RecordedRequest[]> {
  const res = await fetch(`${base()}/${provider}/__requests?contains=${encodeURIComponent(contains)}`);
  return (await res.json()) as RecordedRequest[];
}

export const uniqueKey = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The fake DNS-over-HTTPS endpoint (tests/fakes/dns-over-https.ts), as the setting names it. */
export const fakeDnsOverHttpsUrl = () => (env as unknown as { DNS_OVER_HTTPS_URL: string }).DNS_OVER_HTTPS_URL;

/** A transport that sends `http(s)://<name>.test/...` to the fake websites, like a hosts file. */
export const testSitesFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!url.hostname.endsWith('.test')) return fetch(input, init);
  return fetch(`${base()}/sites/${url.hostname}${url.pathname}${url.search}`, init);
};
