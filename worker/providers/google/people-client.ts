import { AppError } from '../../domain/errors';
import { ProviderError, retryAfterSeconds } from '../provider-error';
import { providerFetch, type ProviderHttp } from '../provider-fetch';

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
  memberships?: { contactGroupMembership?: { contactGroupResourceName?: string } }[];
  /** The contact's "Notes" in Google Contacts. */
  biographies?: { value?: string; contentType?: string }[];
}

/** A contact group (label) of the account: Google's own (SYSTEM_CONTACT_GROUP) or the user's. */
export interface GoogleContactGroup {
  resourceName: string;
  name?: string;
  formattedName?: string;
  groupType?: string;
}

export interface ConnectionsPage {
  connections?: GooglePerson[];
  nextPageToken?: string;
  nextSyncToken?: string;
  totalItems?: number;
}

export const PERSON_FIELDS = 'names,emailAddresses,phoneNumbers,organizations,addresses,photos,memberships,biographies';

export class ExpiredSyncTokenError extends Error {}
export class GoogleUnauthorizedError extends Error {}

/** The People API as the user: its base URL, their access token, and how to reach it. */
export interface PeopleApi extends ProviderHttp {
  apiUrl: string;
  accessToken: string;
}

const getJson = (p: PeopleApi, url: URL) =>
  providerFetch('google', p, url, { headers: { authorization: `Bearer ${p.accessToken}`, accept: 'application/json' } });

/** GET /v1/people/me/connections: one page, full (requestSyncToken) or incremental (syncToken). */
export async function listConnections(p: PeopleApi, q: { pageToken?: string; syncToken?: string }): Promise<ConnectionsPage> {
  const url = new URL(`${p.apiUrl.replace(/\/+$/, '')}/v1/people/me/connections`);
  url.searchParams.set('personFields', PERSON_FIELDS);
  url.searchParams.set('pageSize', '1000');
  url.searchParams.set('requestSyncToken', 'true');
  if (q.pageToken) url.searchParams.set('pageToken', q.pageToken);
  if (q.syncToken) url.searchParams.set('syncToken', q.syncToken);
  const res = await getJson(p, url);
  // Transient: the sync job goes back to the queue and backs off (Retry-After when given).
  if (res.status === 429) throw new ProviderError('google', 'rate_limited', 'HTTP 429', retryAfterSeconds(res.headers.get('retry-after')));
  if (res.status >= 500) throw new ProviderError('google', 'unavailable', `HTTP ${res.status}`);
  if (res.ok) {
    let page: unknown;
    try {
      page = await res.json();
    } catch {
      throw new ProviderError('google', 'bad_response', 'not JSON');
    }
    if (typeof page !== 'object' || page === null || Array.isArray(page))
      throw new ProviderError('google', 'bad_response', 'not a page of connections');
    const connections = (page as ConnectionsPage).connections;
    if (connections !== undefined && !Array.isArray(connections))
      throw new ProviderError('google', 'bad_response', 'connections is not a list');
    return page as ConnectionsPage;
  }
  const body = (await res.json().catch(() => ({}))) as { error?: { status?: string; details?: { reason?: string }[] } };
  if (body.error?.details?.some((d) => d.reason === 'EXPIRED_SYNC_TOKEN')) throw new ExpiredSyncTokenError();
  if (res.status === 401) throw new GoogleUnauthorizedError();
  throw new AppError('provider_error', `Google People API answered ${res.status} ${body.error?.status ?? ''}`.trim());
}

/** GET /v1/contactGroups: every group of the account (labels are few; pages followed anyway). */
export async function listContactGroups(p: PeopleApi): Promise<GoogleContactGroup[]> {
  const groups: GoogleContactGroup[] = [];
  let pageToken: string | undefined;
  for (let n = 0; n < 20; n++) {
    const url = new URL(`${p.apiUrl.replace(/\/+$/, '')}/v1/contactGroups`);
    url.searchParams.set('pageSize', '1000');
    url.searchParams.set('groupFields', 'name,groupType');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const res = await getJson(p, url);
    if (res.status === 429 || res.status >= 500)
      throw new ProviderError(
        'google',
        res.status === 429 ? 'rate_limited' : 'unavailable',
        `HTTP ${res.status}`,
        retryAfterSeconds(res.headers.get('retry-after')),
      );
    if (res.status === 401) throw new GoogleUnauthorizedError();
    if (!res.ok) throw new AppError('provider_error', `Google People API answered ${res.status} for contact groups`);
    const body = (await res.json().catch(() => null)) as { contactGroups?: unknown; nextPageToken?: string } | null;
    if (!body || (body.contactGroups !== undefined && !Array.isArray(body.contactGroups)))
      throw new ProviderError('google', 'bad_response', 'not a page of contact groups');
    groups.push(...((body.contactGroups as GoogleContactGroup[] | undefined) ?? []));
    pageToken = body.nextPageToken;
    if (!pageToken) break;
  }
  return groups;
}
