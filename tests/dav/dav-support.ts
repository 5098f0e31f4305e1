import { as, call, json, signUp, type Session } from '../support/client';

// A CardDAV client in a test: Basic auth with a sync password, XML bodies, and a reader of
// multistatus answers good enough to assert on (href, status, etag, card).

export interface Phone {
  session: Session;
  password: string;
  auth: string;
  principal: string;
  book: string;
}

export async function phoneOf(session?: Session, device = 'iPhone'): Promise<Phone> {
  const me = session ?? (await signUp('Dav User'));
  const { data } = await json(await as(me, '/api/v1/app-passwords', { method: 'POST', json: { name: device } }));
  return {
    session: me,
    password: data.password,
    auth: `Basic ${btoa(`${me.user.email}:${data.password}`)}`,
    principal: `/dav/principals/${me.user.id}/`,
    book: `/dav/addressbooks/${me.user.id}/kith/`,
  };
}

export function dav(phone: Phone | null, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return call(path, {
    method,
    headers: {
      ...(phone ? { authorization: phone.auth } : {}),
      ...(body && !headers['content-type'] ? { 'content-type': 'application/xml; charset=utf-8' } : {}),
      ...headers,
    },
    body,
  });
}

export interface DavResponse {
  href: string;
  status: string | null;
  etag: string | null;
  card: string | null;
  /** The names of properties answered 404. */
  missing: string[];
  xml: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The <response> elements of a multistatus, whatever the prefix. */
export function responsesOf(xml: string): DavResponse[] {
  return [...xml.matchAll(/<(\w+:)?response>([\s\S]*?)<\/\1?response>/g)].map(([, , inner]) => {
    const pick = (name: string) => new RegExp(`<(\\w+:)?${name}[^>]*>([\\s\\S]*?)</\\1?${name}>`).exec(inner!)?.[2] ?? null;
    const propstats = [...inner!.matchAll(/<(\w+:)?propstat>([\s\S]*?)<\/\1?propstat>/g)].map((m) => m[2]!);
    const missingStat = propstats.find((p) => / 404 /.test(p));
    const missing = missingStat ? [...missingStat.matchAll(/<\w+:([\w-]+)(?:\s[^>]*)?\/>/g)].map((m) => m[1]!) : [];
    const topStatus = propstats.length ? null : pick('status');
    return {
      href: unescapeXml(pick('href') ?? ''),
      status: topStatus,
      etag: pick('getetag') ? unescapeXml(pick('getetag')!) : null,
      card: pick('address-data') ? unescapeXml(pick('address-data')!) : null,
      missing,
      xml: inner!,
    };
  });
}

export const syncTokenIn = (xml: string) => /<(\w+:)?sync-token>([^<]*)<\/\1?sync-token>/.exec(xml)?.[2] ?? null;

export const propfindBody = (props: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:carddav" xmlns:C="http://calendarserver.org/ns/"><A:prop>${props}</A:prop></A:propfind>`;

export const syncBody = (token: string, props = '<D:getetag/>', limit?: number) =>
  `<?xml version="1.0" encoding="utf-8"?><D:sync-collection xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level>${limit ? `<D:limit><D:nresults>${limit}</D:nresults></D:limit>` : ''}<D:prop>${props}</D:prop></D:sync-collection>`;

export const multigetBody = (hrefs: string[], data = '<C:address-data/>') =>
  `<?xml version="1.0" encoding="utf-8"?><C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/>${data}</D:prop>${hrefs.map((h) => `<D:href>${h}</D:href>`).join('')}</C:addressbook-multiget>`;
