import {
  CardKindRefused,
  deleteDavCard,
  GroupCardRefused,
  PreconditionFailed,
  putDavCard,
  type Preconditions,
} from '../domain/dav/dav-put';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { AppError } from '../domain/errors';
import { cardByName, davError } from './dav-responses';

const preconditions = (headers: Headers): Preconditions => ({
  ifMatch: headers.get('if-match'),
  ifNoneMatch: headers.get('if-none-match'),
});

async function answering(write: () => Promise<Response>): Promise<Response> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PreconditionFailed) return davError(412, error.message);
    // RFC 4918 §16: a precondition of Kith's own, beside the human-readable description.
    if (error instanceof CardKindRefused) return davError(403, error.message, '<k:same-card-kind xmlns:k="https://kith.app/ns/"/>');
    if (error instanceof GroupCardRefused) return davError(403, error.message, '<k:no-group-cards xmlns:k="https://kith.app/ns/"/>');
    if (error instanceof AppError && error.status < 500) {
      const code =
        error.code === 'duplicate_identifier' || error.code === 'conflict'
          ? 409
          : error.code === 'unsupported_media_type'
            ? 415
            : error.status === 422
              ? 403
              : 400;
      const condition =
        code === 415 || code === 400 ? '<card:valid-address-data/>' : code === 403 ? '<card:supported-address-data/>' : undefined;
      return davError(code, error.message, condition);
    }
    throw error;
  }
}

/** A card's content lines, unfolded, for comparing what a phone sent with what Kith stored. */
const linesOf = (card: string) =>
  card
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');

/**
 * PUT of a card (RFC 6352 §6.3.2). The answer carries the stored card's ETag only when Kith
 * stored it as the phone sent it; when Kith changed it on the way in (its own X-KITH lines, its
 * order, a value it read otherwise), no ETag: RFC 6352 §6.3.2.3 has the client read it back.
 */
export function putCard(caller: DavCaller, name: string, bytes: Uint8Array, headers: Headers): Promise<Response> {
  return answering(async () => {
    const { created } = await putDavCard(caller, name, bytes, preconditions(headers));
    const sent = new TextDecoder().decode(bytes);
    const stored = await cardByName(caller, name, /^VERSION:4\.0\s*$/im.test(sent) ? '4.0' : '3.0');
    const unchanged = stored?.body !== undefined && linesOf(stored.body).join('\n') === linesOf(sent).join('\n');
    return new Response(null, { status: created ? 201 : 204, headers: unchanged ? { ETag: stored.etag } : {} });
  });
}

export function deleteCard(caller: DavCaller, name: string, headers: Headers): Promise<Response> {
  return answering(async () =>
    (await deleteDavCard(caller, name, preconditions(headers)))
      ? new Response(null, { status: 204 })
      : davError(404, 'This card is not in the address book'),
  );
}
