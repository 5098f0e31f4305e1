import { z } from 'zod';
import { ProviderError, retryAfterSeconds } from '../provider-error';
import { providerFetch } from '../provider-fetch';

// Apollo People Enrichment ("People Match"): POST /api/v1/people/match, key in x-api-key.
// A 200 answers `{ person: {...} }`, or `{ person: null }` when nobody matched. Every field
// of the person may be null or absent, so each one is read leniently: a field we cannot
// use becomes null instead of failing the whole answer.
const text = z.string().trim().min(1).nullish().catch(null);
const phoneSchema = z.object({ raw_number: text, sanitized_number: text }).partial().catch({});

const personSchema = z.object({
  first_name: text,
  last_name: text,
  name: text,
  title: text,
  headline: text,
  email: text,
  personal_emails: z.array(z.string()).nullish().catch(null),
  phone_numbers: z.array(phoneSchema).nullish().catch(null),
  linkedin_url: text,
  twitter_url: text,
  photo_url: text,
  city: text,
  state: text,
  country: text,
  organization: z.object({ name: text, website_url: text }).partial().nullish().catch(null),
});

export type ApolloPerson = z.infer<typeof personSchema>;

export interface ApolloClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type ApolloLookup = { email: string } | { linkedin_url: string };

export function createApolloClient({ baseUrl, apiKey, fetch: doFetch = fetch, timeoutMs = 15_000 }: ApolloClientOptions) {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/people/match`;
  return {
    /** The matched person, or null when Apollo found nobody. */
    async matchPerson(lookup: ApolloLookup): Promise<ApolloPerson | null> {
      const response = await providerFetch('apollo', { fetch: doFetch, timeoutMs }, url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'cache-control': 'no-cache', 'x-api-key': apiKey },
        body: JSON.stringify(lookup),
      });
      if (response.status === 401 || response.status === 403) throw new ProviderError('apollo', 'unauthorized', `HTTP ${response.status}`);
      if (response.status === 429) {
        throw new ProviderError('apollo', 'rate_limited', 'HTTP 429', retryAfterSeconds(response.headers.get('retry-after')));
      }
      if (!response.ok)
        throw new ProviderError('apollo', response.status >= 500 ? 'unavailable' : 'bad_response', `HTTP ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ProviderError('apollo', 'bad_response', 'not JSON');
      }
      if (typeof body !== 'object' || body === null || !('person' in body))
        throw new ProviderError('apollo', 'bad_response', 'no person field');
      if (body.person === null) return null;
      const person = personSchema.safeParse(body.person);
      if (!person.success) throw new ProviderError('apollo', 'bad_response', 'person is not an object');
      return person.data;
    },
  };
}

export type ApolloClient = ReturnType<typeof createApolloClient>;
