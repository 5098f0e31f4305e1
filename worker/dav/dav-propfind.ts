import { addressBookSeq } from '../domain/dav/dav-card-queries';
import { listedCardPages } from '../domain/dav/dav-cards';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { organizationCardPages } from '../domain/dav/organization-cards';
import { streamText } from '../domain/export/contact-pages';
import { addressBookPath, cardPath, homePath, principalPath, type DavTarget } from './dav-paths';
import { cardProperties, collectionProperties, type Properties } from './dav-properties';
import { cardByName, davError, multistatus, VCARD_3 } from './dav-responses';
import { childOf, keyOf, MULTISTATUS_CLOSE, MULTISTATUS_OPEN, NS, propResponse, tag, type XmlElement } from './dav-xml';

/** What a PROPFIND asks: named properties, every property, or only their names. */
type Asked = { kind: 'prop'; names: XmlElement[] } | { kind: 'allprop' } | { kind: 'propname' };

function askedOf(body: XmlElement | null): Asked {
  const prop = childOf(body, NS.dav, 'prop');
  if (prop) return { kind: 'prop', names: prop.children };
  if (childOf(body, NS.dav, 'propname')) return { kind: 'propname' };
  return { kind: 'allprop' };
}

/** One resource's answer to what was asked, from the properties it has. */
export function answerProps(path: string, have: Properties, asked: Asked): string {
  if (asked.kind === 'allprop')
    return propResponse(
      path,
      [...have.entries()].filter(([k]) => !k.includes('address-data')).map(([, v]) => v),
      [],
    );
  if (asked.kind === 'propname')
    return propResponse(
      path,
      [...have.keys()].map((k) => {
        const [, ns, name] = /^\{(.*)\}(.*)$/.exec(k)!;
        return tag(ns!, name!);
      }),
      [],
    );
  const found: string[] = [];
  const missing: string[] = [];
  for (const el of asked.names) {
    const value = have.get(keyOf(el));
    if (value) found.push(value);
    else missing.push(tag(el.ns, el.name));
  }
  return propResponse(path, found, missing);
}

/** PROPFIND on any resource of the tree, Depth 0 or 1 (infinity is answered as 1). */
export async function propfind(target: DavTarget, caller: DavCaller, body: XmlElement | null, depth: string): Promise<Response> {
  const asked = askedOf(body);
  const deep = depth !== '0';
  const id = caller.user.id;
  if (target.kind === 'card') {
    const card = await cardByName(caller, target.name, null);
    if (!card) return davError(404, 'This card is not in the address book');
    return multistatus(answerProps(cardPath(id, card.name), cardProperties(card, VCARD_3), asked));
  }
  const seq = target.kind === 'addressbook' || deep ? await addressBookSeq(caller.deps.store) : 0;
  const own = (t: DavTarget, path: string) => answerProps(path, collectionProperties(t, caller, seq), asked);
  const path =
    target.kind === 'principal'
      ? principalPath(id)
      : target.kind === 'home'
        ? homePath(id)
        : target.kind === 'addressbook'
          ? addressBookPath(id)
          : target.kind === 'principals'
            ? '/dav/principals/'
            : '/dav/';
  const parts = [own(target, path)];
  if (!deep) return multistatus(parts.join(''));
  if (target.kind === 'root')
    parts.push(own({ kind: 'principal', userId: id }, principalPath(id)), own({ kind: 'home', userId: id }, homePath(id)));
  if (target.kind === 'principals') parts.push(own({ kind: 'principal', userId: id }, principalPath(id)));
  if (target.kind === 'home') parts.push(own({ kind: 'addressbook', userId: id }, addressBookPath(id)));
  if (target.kind !== 'addressbook') return multistatus(parts.join(''));
  // Every card of the address book with its ETag, page by page, streamed.
  const deps = caller.deps;
  async function* chunks(): AsyncGenerator<string> {
    yield MULTISTATUS_OPEN + parts.join('');
    for await (const cards of listedCardPages(deps))
      yield cards.map((card) => answerProps(cardPath(id, card.name), cardProperties(card, VCARD_3), asked)).join('');
    // Then the organizations that are company cards (ADR 054).
    for await (const cards of organizationCardPages(deps, { body: false }))
      yield cards.map((card) => answerProps(cardPath(id, card.name), cardProperties(card, VCARD_3), asked)).join('');
    yield MULTISTATUS_CLOSE;
  }
  return new Response(streamText(chunks()), { status: 207, headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
