import type { CardVersion, DavCard } from '../domain/dav/dav-cards';
import { davCardsOf } from '../domain/dav/dav-cards';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { organizationCardPages } from '../domain/dav/organization-cards';
import { contactPages } from '../domain/export/contact-pages';
import { cardFromText, unescapeText } from '../domain/imports/vcard-file';
import { childOf, childrenOf, NS, type XmlElement } from './dav-xml';

// addressbook-query (RFC 6352 §8.6) with the filters clients send: prop-filter by property
// name, is-not-defined, and text-match (equals, contains, starts-with, ends-with; negate),
// compared case-insensitively, under anyof or allof. Cards are matched as they are served.

export const QUERY_LIMIT_DEFAULT = 500;

type Matcher = (values: Map<string, string[]>) => boolean;

function textMatch(el: XmlElement): (value: string) => boolean {
  const wanted = el.text.toLocaleLowerCase();
  const type = el.attrs['match-type'] ?? 'contains';
  const negate = el.attrs['negate-condition'] === 'yes';
  return (value) => {
    const v = value.toLocaleLowerCase();
    const hit =
      type === 'equals'
        ? v === wanted
        : type === 'starts-with'
          ? v.startsWith(wanted)
          : type === 'ends-with'
            ? v.endsWith(wanted)
            : v.includes(wanted);
    return hit !== negate;
  };
}

function propFilter(el: XmlElement): Matcher {
  const name = (el.attrs.name ?? '').toUpperCase();
  if (childOf(el, NS.card, 'is-not-defined')) return (values) => !values.has(name);
  const matches = childrenOf(el, NS.card, 'text-match').map(textMatch);
  const all = el.attrs.test === 'allof';
  return (values) => {
    const mine = values.get(name);
    if (!mine) return false;
    if (matches.length === 0) return true;
    const one = (m: (value: string) => boolean) => mine.some(m);
    return all ? matches.every(one) : matches.some(one);
  };
}

function filterOf(query: XmlElement): Matcher {
  const filter = childOf(query, NS.card, 'filter');
  const props = childrenOf(filter, NS.card, 'prop-filter').map(propFilter);
  if (props.length === 0) return () => true;
  const all = filter?.attrs.test === 'allof';
  return (values) => (all ? props.every((p) => p(values)) : props.some((p) => p(values)));
}

function valuesOf(body: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const p of cardFromText(1, body).properties) values.set(p.name, [...(values.get(p.name) ?? []), unescapeText(p.value)]);
  return values;
}

/** The cards matching the query's filter, up to its limit (card:limit/nresults) or the default. */
export async function queryAddressBook(caller: DavCaller, query: XmlElement, version: CardVersion | null): Promise<DavCard[]> {
  const matches = filterOf(query);
  const asked = Number(childOf(childOf(query, NS.card, 'limit'), NS.card, 'nresults')?.text ?? QUERY_LIMIT_DEFAULT);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, QUERY_LIMIT_DEFAULT) : QUERY_LIMIT_DEFAULT;
  const found: DavCard[] = [];
  const options = { body: true, version: version ?? '3.0' } as const;
  async function* everyPage(): AsyncGenerator<DavCard[]> {
    for await (const views of contactPages(caller.deps.db, caller.user.id)) yield (await davCardsOf(caller.deps, views, options)).cards;
    // Then the organizations that are company cards (ADR 054).
    yield* organizationCardPages(caller.deps, options);
  }
  for await (const cards of everyPage()) {
    for (const card of cards) {
      if (!matches(valuesOf(card.body!))) continue;
      found.push(version ? card : { ...card, body: undefined });
      if (found.length >= limit) return found;
    }
  }
  return found;
}
