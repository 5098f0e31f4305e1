import { AppError } from '../../domain/errors';

/** The parts of a People API Person that Kith imports. */
export interface GooglePerson {
  resourceName: string;
  metadata?: { deleted?: boolean };
  names?: { givenName?: string; familyName?: string; displayName?: string; metadata?: { primary?: boolean } }[];
  emailAddresses?: { value?: string }[];
  phoneNumbers?: { value?: string; canonicalForm?: string }[];
  organizations?: { name?: string; title?: string }[];
  addresses?: { formattedValue?: string; city?: string; country?: string }[];
  photos?: { url?: string; default?: boolean }[];
}

export interface ConnectionsPage {
  connections?: GooglePerson[];
  nextPageToken?: string;
  nextSyncToken?: string;
  totalItems?: number;
}

export const PERSON_FIELDS = 'names,emailAddresses,phoneNumbers,organizations,addresses,photos';

export class ExpiredSyncTokenError extends Error {}
export class GoogleUnauthorizedError extends Error {}

/** GET /v1/people/me/connections: one page, full (requestSyncToken) or incremental (syncToken). */
export async function listConnections(
  p: { apiUrl: string; accessToken: string; fetch: typeof fetch },
  q: { pageToken?: string; syncToken?: string },
): Promise<ConnectionsPage> {
  const url = new URL(`${p.apiUrl.replace(/\/+$/, '')}/v1/people/me/connections`);
  url.searchParams.set('personFields', PERSON_FIELDS);
  url.searchParams.set('pageSize', '1000');
  url.searchParams.set('requestSyncToken', 'true');
  if (q.pageToken) url.searchParams.set('pageToken', q.pageToken);
  if (q.syncToken) url.searchParams.set('syncToken', q.syncToken);
  const res = await p.fetch(url.toString(), { headers: { authorization: `Bearer ${p.accessToken}`, accept: 'application/json' } });
  if (res.ok) return (await res.json()) as ConnectionsPage;
  const body = (await res.json().catch(() => ({}))) as { error?: { status?: string; details?: { reason?: string }[] } };
  if (body.error?.details?.some((d) => d.reason === 'EXPIRED_SYNC_TOKEN')) throw new ExpiredSyncTokenError();
  if (res.status === 401) throw new GoogleUnauthorizedError();
  throw new AppError('provider_error', `Google People API answered ${res.status} ${body.error?.status ?? ''}`.trim());
}
