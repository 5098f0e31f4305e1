import { davCardsOfNames } from '../domain/dav/cards-by-name';
import type { CardVersion, DavCard } from '../domain/dav/dav-cards';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { esc, MULTISTATUS_CLOSE, MULTISTATUS_OPEN, XML_HEAD } from './dav-xml';

export const VCARD_3 = 'text/vcard; charset=utf-8';
export const VCARD_4 = 'text/vcard; charset=utf-8; version=4.0';

export const multistatus = (inner: string) =>
  new Response(MULTISTATUS_OPEN + inner + MULTISTATUS_CLOSE, {
    status: 207,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });

/**
 * A refusal: with a precondition element (RFC 4918 §16, e.g. valid-sync-token) in DAV's error
 * body when one applies, and the reason in words a person reading a client's log understands.
 */
export function davError(statusCode: number, message: string, condition?: string, headers: Record<string, string> = {}): Response {
  const body = `${XML_HEAD}<d:error xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">${condition ?? ''}<d:responsedescription>${esc(message)}</d:responsedescription></d:error>`;
  return new Response(body, { status: statusCode, headers: { 'content-type': 'application/xml; charset=utf-8', ...headers } });
}

/** The version a client asks for: 4.0 when its Accept or address-data says so, else 3.0. */
export function versionOf(accept: string | null | undefined): CardVersion {
  return /version\s*=\s*"?4\.0/i.test(accept ?? '') ? '4.0' : '3.0';
}

/** The cards with these names (those not found are left out), rendered when `version` is given: one D1 round trip. */
export async function cardsByName(caller: DavCaller, names: string[], version: CardVersion | null): Promise<DavCard[]> {
  return davCardsOfNames(caller.deps, names, version ? { body: true, version } : { body: false });
}

export async function cardByName(caller: DavCaller, name: string, version: CardVersion | null): Promise<DavCard | null> {
  return (await cardsByName(caller, [name], version))[0] ?? null;
}
