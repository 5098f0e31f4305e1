import type { GmailMessage, GmailMessagePart } from '../../providers/google/gmail-client';
import { normalizeEmail } from '../contacts/normalize';

/** Bodies beyond this are cut so one email never nears D1's 1 MB row limit (as BCC logging). */
const MAX_BODY = 100_000;

/** One message logged on two contacts' timelines is two rows: the key is per contact. */
export const gmailExternalId = (contactId: string, gmailMessageId: string) => `${contactId}:${gmailMessageId}`;

export interface ReadEmail {
  id: string;
  direction: 'in' | 'out';
  /** Sent: the To and Cc addresses; received: the From address (normalized). */
  counterparts: string[];
  subject: string | null;
  body: string | null;
  occurredAt: Date;
}

const header = (part: GmailMessagePart | undefined, name: string) =>
  part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';

/** The addresses of an address-list header: `"Doe, Jane" <jane@x.com>, bob@y.com`. */
export function addressesIn(value: string): string[] {
  const found = value.match(/[^\s<>",;:()]+@[^\s<>",;:()]+\.[^\s<>",;:()]+/g) ?? [];
  return [...new Set(found.map(normalizeEmail))];
}

const decodeBase64Url = (data: string) => {
  const binary = atob(data.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

function findPart(part: GmailMessagePart | undefined, mimeType: string): GmailMessagePart | undefined {
  if (!part) return undefined;
  if (part.mimeType === mimeType && part.body?.data && !part.filename) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return undefined;
}

const stripHtml = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The readable text of a message: its text/plain part, else its HTML as text, else Gmail's snippet. */
export function messageText(message: GmailMessage): string {
  const plain = findPart(message.payload, 'text/plain');
  if (plain?.body?.data) return decodeBase64Url(plain.body.data).trim();
  const html = findPart(message.payload, 'text/html');
  if (html?.body?.data) return stripHtml(decodeBase64Url(html.body.data));
  return message.snippet ?? '';
}

/**
 * A Gmail message (format=full) as what Kith logs, or null for what it never logs: drafts,
 * spam and trash. A message with the SENT label is outbound.
 */
export function readGmailMessage(message: GmailMessage): ReadEmail | null {
  const labels = message.labelIds ?? [];
  if (labels.some((l) => l === 'DRAFT' || l === 'SPAM' || l === 'TRASH')) return null;
  const sent = labels.includes('SENT');
  const counterparts = sent
    ? [...addressesIn(header(message.payload, 'To')), ...addressesIn(header(message.payload, 'Cc'))]
    : addressesIn(header(message.payload, 'From'));
  const internal = Number(message.internalDate);
  const dated = new Date(header(message.payload, 'Date'));
  const occurredAt = Number.isFinite(internal) && internal > 0 ? new Date(internal) : Number.isNaN(dated.getTime()) ? new Date() : dated;
  const body = messageText(message).slice(0, MAX_BODY);
  return {
    id: message.id,
    direction: sent ? 'out' : 'in',
    counterparts: [...new Set(counterparts)],
    subject: header(message.payload, 'Subject').slice(0, 1000) || null,
    body: body || null,
    occurredAt,
  };
}
