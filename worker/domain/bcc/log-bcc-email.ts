import PostalMime, { type Address } from 'postal-mime';
import { sha256Hex } from '../../db/columns';
import { findInUserDatabases, type ServerDeps } from '../deps';
import { AppError } from '../errors';
import { recordInteractions } from '../timeline/record-interactions';
import { contactsWithBccTokens, emailsOfUsers } from './bcc-queries';

/** Bodies beyond this are cut so one email never nears D1's 1 MB row limit. */
const MAX_BODY = 100_000;

/** `log+<token>@<BCC_DOMAIN>` -> token (lower-cased), or null for any other address. */
export function bccTokenOf(address: string, bccDomain: string | undefined): string | null {
  const match = address
    .trim()
    .toLowerCase()
    .match(/^log\+([a-z0-9_-]+)@(.+)$/);
  if (!match) return null;
  if (bccDomain && match[2] !== bccDomain.toLowerCase()) return null;
  return match[1]!;
}

const addressesOf = (list: Address[] | undefined): string[] =>
  (list ?? []).flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address ?? '']));

const stripHtml = (html: string) =>
  html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export interface BccLogResult {
  /** Interactions created (0 when the message was logged before). */
  logged: number;
  contact_ids: string[];
}

/**
 * Logs a BCC'd email to the contact whose token is in the envelope recipient (Bcc headers
 * are stripped in transit, DESIGN "Background jobs"); To/Cc headers are only a fallback.
 * Direction is "out" when the From address is the user's own. The Message-ID makes it
 * idempotent. An address with no known token is refused (404) and nothing is logged.
 */
export async function logBccEmail(
  server: ServerDeps,
  raw: string | ArrayBuffer | Uint8Array | ReadableStream,
  envelopeTo?: string | null,
): Promise<BccLogResult> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(raw);
  } catch (error) {
    // postal-mime refuses e.g. multiparts nested deeper than 256 levels: the sender's fault, not ours.
    throw new AppError('invalid_request', 'The message is not valid MIME', {
      issues: [{ path: 'body', message: error instanceof Error ? error.message : 'unreadable' }],
    });
  }
  const domain = server.settings.BCC_DOMAIN;
  const envelopeToken = envelopeTo ? bccTokenOf(envelopeTo, domain) : null;
  const tokens = envelopeToken
    ? [envelopeToken]
    : [
        ...new Set(
          [...addressesOf(email.to), ...addressesOf(email.cc)].map((a) => bccTokenOf(a, domain)).filter((t): t is string => Boolean(t)),
        ),
      ];
  // A token names no user: each user database is asked (docs/decisions/015), the directory for emails.
  const owners = tokens.length ? await findInUserDatabases(server, (db) => contactsWithBccTokens(db, tokens.slice(0, 50))) : [];
  const found = owners.flatMap((o) => o.rows);
  if (found.length === 0) throw new AppError('not_found', 'No contact has this logging address');

  const from = email.from && !email.from.group ? (email.from.address ?? '') : '';
  const messageId =
    email.messageId?.trim() || `sha256:${await sha256Hex(`${email.date}|${from}|${email.subject}|${email.text ?? email.html ?? ''}`)}`;
  const parsedDate = email.date ? new Date(email.date) : null;
  const occurredAt = parsedDate && !Number.isNaN(parsedDate.getTime()) ? parsedDate : new Date();
  const body = (email.text?.trim() || (email.html ? stripHtml(email.html) : '')).slice(0, MAX_BODY);

  const ownerIds = owners.map((o) => o.deps.store.userId);
  const emails = new Map((await emailsOfUsers(server.directory.db, ownerIds)).map((u) => [u.id, u.email]));
  let logged = 0;
  for (const { deps, rows } of owners) {
    for (const contact of rows) {
      const userEmail = emails.get(contact.userId) ?? '';
      const inserted = await recordInteractions(deps, contact.userId, [
        {
          contact_id: contact.id,
          kind: 'email',
          channel: 'email',
          direction: from.toLowerCase() === userEmail.toLowerCase() ? 'out' : 'in',
          subject: email.subject?.slice(0, 1000) ?? null,
          body: body || null,
          source: 'bcc',
          // Per contact, so one message BCC'd to two contacts logs once on each.
          external_id: `${contact.id}:${messageId}`,
          occurred_at: occurredAt,
        },
      ]);
      logged += inserted.length;
    }
  }
  return { logged, contact_ids: found.map((c) => c.id) };
}
