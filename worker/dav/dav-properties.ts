import type { DavCard } from '../domain/dav/dav-cards';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { syncTokenOf } from '../domain/dav/dav-sync';
import { addressBookPath, DAV_ROOT, homePath, principalPath, type DavTarget } from './dav-paths';
import { esc, NS, qname, tag } from './dav-xml';

// The properties of each resource of the tree (RFC 4918, 5397, 6352, 6578, and the
// calendarserver getctag every client still reads), as the XML each is answered with.

/** The largest card a phone may PUT (bytes): a card with a good photo fits. */
export const MAX_CARD_BYTES = 1_000_000;

const href = (path: string) => tag(NS.dav, 'href', esc(path));
const collection = tag(NS.dav, 'collection');
const privileges = (names: string[]) =>
  tag(NS.dav, 'current-user-privilege-set', names.map((n) => tag(NS.dav, 'privilege', tag(NS.dav, n))).join(''));
const READ_ONLY = privileges(['read', 'read-current-user-privilege-set']);
const READ_WRITE = privileges(['read', 'write', 'write-content', 'write-properties', 'bind', 'unbind', 'read-current-user-privilege-set']);
const reports = (names: [string, string][]) =>
  tag(
    NS.dav,
    'supported-report-set',
    names.map(([ns, name]) => tag(NS.dav, 'supported-report', tag(NS.dav, 'report', tag(ns, name)))).join(''),
  );

export type Properties = Map<string, string>;

const props = (entries: [string, string, string][]) => new Map(entries.map(([ns, name, inner]) => [qname(ns, name), tag(ns, name, inner)]));

/** What every resource of a signed-in user answers: who they are and where their address books are. */
function common(caller: DavCaller): [string, string, string][] {
  const id = caller.user.id;
  return [
    [NS.dav, 'current-user-principal', href(principalPath(id))],
    [NS.dav, 'principal-URL', href(principalPath(id))],
    [NS.card, 'addressbook-home-set', href(homePath(id))],
    [NS.dav, 'owner', href(principalPath(id))],
  ];
}

/** The properties of a collection or the principal; cards have theirs from cardProperties. */
export function collectionProperties(target: DavTarget, caller: DavCaller, seq: number): Properties {
  const base = common(caller);
  switch (target.kind) {
    case 'root':
    case 'principals':
      return props([
        ...base,
        [NS.dav, 'resourcetype', collection],
        [NS.dav, 'displayname', 'Kith'],
        [NS.dav, 'principal-collection-set', href(`${DAV_ROOT}principals/`)],
      ]).set(qname(NS.dav, 'current-user-privilege-set'), READ_ONLY);
    case 'principal':
      return props([
        ...base,
        [NS.dav, 'resourcetype', tag(NS.dav, 'principal')],
        [NS.dav, 'displayname', esc(caller.user.name || caller.user.email)],
        [NS.dav, 'principal-collection-set', href(`${DAV_ROOT}principals/`)],
        [NS.cs, 'email-address-set', tag(NS.cs, 'email-address', esc(caller.user.email))],
        [NS.dav, 'supported-report-set', ''],
      ])
        .set(qname(NS.dav, 'current-user-privilege-set'), READ_ONLY)
        .set(qname(NS.dav, 'supported-report-set'), reports([]));
    case 'home':
      return props([...base, [NS.dav, 'resourcetype', collection], [NS.dav, 'displayname', 'Address books']])
        .set(qname(NS.dav, 'current-user-privilege-set'), READ_ONLY)
        .set(qname(NS.dav, 'supported-report-set'), reports([]));
    default: {
      const syncToken = syncTokenOf(seq);
      const data = ['3.0', '4.0'].map((v) => `<card:address-data-type content-type="text/vcard" version="${v}"/>`).join('');
      return props([
        ...base,
        [NS.dav, 'resourcetype', collection + tag(NS.card, 'addressbook')],
        [NS.dav, 'displayname', 'Kith'],
        [NS.card, 'addressbook-description', 'Your Kith contacts'],
        [NS.cs, 'getctag', esc(syncToken)],
        [NS.dav, 'sync-token', esc(syncToken)],
        [NS.card, 'supported-address-data', data],
        [NS.card, 'max-resource-size', String(MAX_CARD_BYTES)],
      ])
        .set(qname(NS.dav, 'current-user-privilege-set'), READ_WRITE)
        .set(
          qname(NS.dav, 'supported-report-set'),
          reports([
            [NS.card, 'addressbook-multiget'],
            [NS.card, 'addressbook-query'],
            [NS.dav, 'sync-collection'],
          ]),
        );
    }
  }
}

/** A card's properties; address-data only when the card was rendered (its body is set). */
export function cardProperties(card: DavCard, contentType: string): Properties {
  const found = props([
    [NS.dav, 'getetag', esc(card.etag)],
    [NS.dav, 'getcontenttype', contentType],
    [NS.dav, 'resourcetype', ''],
  ]);
  found.set(qname(NS.dav, 'current-user-privilege-set'), READ_WRITE);
  if (card.body !== undefined) found.set(qname(NS.card, 'address-data'), tag(NS.card, 'address-data', esc(card.body)));
  return found;
}

/** The collection paths of the user's tree, in the order a Depth 1 walks them. */
export const treeOf = (userId: string) => ({
  principal: principalPath(userId),
  home: homePath(userId),
  addressBook: addressBookPath(userId),
});
