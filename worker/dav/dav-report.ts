import { AppError } from '../domain/errors';
import type { CardVersion } from '../domain/dav/dav-cards';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { SYNC_PAGE_DEFAULT, syncAddressBook } from '../domain/dav/dav-sync';
import { addressBookPath, cardPath, parseDavPath, type DavTarget } from './dav-paths';
import { cardProperties } from './dav-properties';
import { answerProps } from './dav-propfind';
import { queryAddressBook } from './dav-query';
import { cardsByName, davError, multistatus, VCARD_3, VCARD_4 } from './dav-responses';
import { childOf, childrenOf, esc, NS, statusResponse, type XmlElement } from './dav-xml';

/** Hrefs one multiget may name. */
export const MULTIGET_MAX = 1_000;

/** The props asked, and the card version when address-data is among them. */
function propsAsked(report: XmlElement): { names: XmlElement[]; version: CardVersion | null } {
  const names = childOf(report, NS.dav, 'prop')?.children ?? [];
  const data = names.find((n) => n.ns === NS.card && n.name === 'address-data');
  return { names, version: data ? (data.attrs.version === '4.0' ? '4.0' : '3.0') : null };
}

/** REPORT on the address book: addressbook-multiget, sync-collection or addressbook-query. */
export async function report(target: DavTarget, caller: DavCaller, body: XmlElement | null): Promise<Response> {
  if (!body) return davError(400, 'A REPORT needs a body naming the report');
  const id = caller.user.id;
  const kind = `${body.ns} ${body.name}`;
  const supported = [`${NS.card} addressbook-multiget`, `${NS.dav} sync-collection`, `${NS.card} addressbook-query`];
  if (!supported.includes(kind) || target.kind !== 'addressbook')
    return davError(403, 'This report is not supported here', '<d:supported-report/>');
  const { names, version } = propsAsked(body);
  const asked = { kind: 'prop' as const, names };
  const contentType = version === '4.0' ? VCARD_4 : VCARD_3;

  if (body.name === 'addressbook-multiget') {
    const hrefs = childrenOf(body, NS.dav, 'href').map((h) => h.text.trim());
    if (hrefs.length > MULTIGET_MAX) return davError(413, `A multiget may name at most ${MULTIGET_MAX} cards`);
    const wanted = hrefs.map((href) => {
      let path: string;
      try {
        path = new URL(href, 'http://x').pathname;
      } catch {
        path = '';
      }
      const t = parseDavPath(path);
      return { href, name: t?.kind === 'card' && t.userId === id ? t.name : null };
    });
    const cards = await cardsByName(
      caller,
      wanted.flatMap((w) => (w.name ? [w.name] : [])),
      version,
    );
    const byName = new Map(cards.map((c) => [c.name, c]));
    const parts = wanted.map((w) => {
      const card = w.name ? byName.get(w.name) : undefined;
      return card
        ? answerProps(cardPath(id, card.name), cardProperties(card, contentType), asked)
        : statusResponse(w.href, 404, 'Not Found');
    });
    return multistatus(parts.join(''));
  }

  if (body.name === 'addressbook-query') {
    const cards = await queryAddressBook(caller, body, version);
    return multistatus(cards.map((card) => answerProps(cardPath(id, card.name), cardProperties(card, contentType), asked)).join(''));
  }

  // sync-collection (RFC 6578): only sync-level 1 (the address book holds no collections).
  const token = childOf(body, NS.dav, 'sync-token')?.text ?? '';
  const level = childOf(body, NS.dav, 'sync-level')?.text.trim() ?? '1';
  if (level !== '1') return davError(403, 'Only sync-level 1 is supported', '<d:sync-traversal-supported/>');
  const nresults = Number(childOf(childOf(body, NS.dav, 'limit'), NS.dav, 'nresults')?.text ?? SYNC_PAGE_DEFAULT);
  const limit = Number.isInteger(nresults) && nresults > 0 ? nresults : SYNC_PAGE_DEFAULT;
  let answer;
  try {
    answer = await syncAddressBook(caller.deps, token, limit, version);
  } catch (error) {
    if (error instanceof AppError && error.code === 'cursor_expired')
      return davError(403, 'This sync token has expired: sync the address book again from the start', '<d:valid-sync-token/>');
    throw error;
  }
  const parts = [
    ...answer.changed.map((card) => answerProps(cardPath(id, card.name), cardProperties(card, contentType), asked)),
    ...answer.gone.map((name) => statusResponse(cardPath(id, name), 404, 'Not Found')),
  ];
  // More to come (RFC 6578 §3.6): the collection answers 507, and the token reached so far lets the client ask on.
  if (answer.truncated)
    parts.push(
      `<d:response><d:href>${esc(addressBookPath(id))}</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status><d:error><d:number-of-matches-within-limits/></d:error></d:response>`,
    );
  return multistatus(`${parts.join('')}<d:sync-token>${esc(answer.token)}</d:sync-token>`);
}
