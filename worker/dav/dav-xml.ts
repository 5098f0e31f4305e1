import { XMLParser, XMLValidator } from 'fast-xml-parser';

// The XML of WebDAV requests and answers (ADR 028). Requests are parsed with fast-xml-parser
// in document order and their names resolved against the xmlns declarations in scope, so a
// client's own prefixes ("D:", "A:", none at all) mean the same. Answers are written by hand
// with fixed prefixes: there are few shapes, and a string is the fastest way to 5 000 cards.

export const NS = {
  dav: 'DAV:',
  card: 'urn:ietf:params:xml:ns:carddav',
  cs: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

const PREFIX: Record<string, string> = { [NS.dav]: 'd', [NS.card]: 'card', [NS.cs]: 'cs', [NS.apple]: 'apple' };

/** An element with its namespace resolved. */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** `{ns}name`, the key of a property. */
export const qname = (ns: string, name: string) => `{${ns}}${name}`;
export const keyOf = (el: Pick<XmlElement, 'ns' | 'name'>) => qname(el.ns, el.name);

export class XmlError extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
  // A DOCTYPE is refused before parsing: no entity of the client's is ever expanded.
  processEntities: true,
  maxNestedTags: 40,
});

type Node = Record<string, unknown>;

function build(node: Node, scope: Record<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag || tag === '#text' || tag.startsWith('?')) return null;
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  const inner = { ...scope };
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'xmlns') inner[''] = value;
    else if (name.startsWith('xmlns:')) inner[name.slice(6)] = value;
  }
  const colon = tag.indexOf(':');
  const prefix = colon >= 0 ? tag.slice(0, colon) : '';
  const local = colon >= 0 ? tag.slice(colon + 1) : tag;
  const items = (node[tag] ?? []) as Node[];
  const children: XmlElement[] = [];
  let text = '';
  for (const item of items) {
    if ('#text' in item) text += String(item['#text']);
    else {
      const child = build(item, inner);
      if (child) children.push(child);
    }
  }
  return { ns: inner[prefix] ?? '', name: local, attrs, children, text };
}

/** The document element of a request body, or null for an empty body. Throws XmlError for a body that is not XML. */
export function parseXml(body: string): XmlElement | null {
  if (!body.trim()) return null;
  if (/<!DOCTYPE/i.test(body)) throw new XmlError('A DOCTYPE is not accepted');
  if (XMLValidator.validate(body) !== true) throw new XmlError('The body is not well-formed XML');
  const nodes = parser.parse(body) as Node[];
  for (const node of nodes) {
    const el = build(node, {});
    if (el) return el;
  }
  return null;
}

export const childOf = (el: XmlElement | null | undefined, ns: string, name: string) =>
  el?.children.find((c) => c.ns === ns && c.name === name);
export const childrenOf = (el: XmlElement | null | undefined, ns: string, name: string) =>
  el?.children.filter((c) => c.ns === ns && c.name === name) ?? [];

/** Text for an XML text node or attribute value. */
export const esc = (value: string) =>
  value.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));

/** An element of a known namespace with its fixed prefix, or of another with its own declaration. */
export function tag(ns: string, name: string, inner?: string): string {
  const prefix = PREFIX[ns];
  const open = prefix ? `${prefix}:${name}` : `x:${name} xmlns:x="${esc(ns)}"`;
  const close = prefix ? `${prefix}:${name}` : `x:${name}`;
  return inner === undefined || inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';
export const MULTISTATUS_OPEN = `${XML_HEAD}<d:multistatus xmlns:d="DAV:" xmlns:card="${NS.card}" xmlns:cs="${NS.cs}" xmlns:apple="${NS.apple}">`;
export const MULTISTATUS_CLOSE = '</d:multistatus>';

export const status = (code: number, text: string) => `<d:status>HTTP/1.1 ${code} ${text}</d:status>`;

/** One resource's answer: its found properties (200) and those it has not (404). */
export function propResponse(href: string, found: string[], missing: string[]): string {
  const stats = [
    found.length ? `<d:propstat><d:prop>${found.join('')}</d:prop>${status(200, 'OK')}</d:propstat>` : '',
    missing.length ? `<d:propstat><d:prop>${missing.join('')}</d:prop>${status(404, 'Not Found')}</d:propstat>` : '',
  ];
  return `<d:response><d:href>${esc(href)}</d:href>${stats.join('')}</d:response>`;
}

export const statusResponse = (href: string, code: number, text: string) =>
  `<d:response><d:href>${esc(href)}</d:href>${status(code, text)}</d:response>`;
