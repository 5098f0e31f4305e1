import { CardKindRefused, deleteDavCard, PreconditionFailed, putDavCard, type Preconditions } from '../domain/dav/dav-put';
import type { DavCaller } from '../domain/dav/dav-sign-in';
import { AppError } from '../domain/errors';
import { davError } from './dav-responses';

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

/**
 * PUT of a card (RFC 6352 §6.3.2). No ETag in the answer: Kith always rewrites a card on the
 * way in (its own X-KITH lines, its order), and without one the client reads the card back.
 */
export function putCard(caller: DavCaller, name: string, bytes: Uint8Array, headers: Headers): Promise<Response> {
  return answering(async () => {
    const { created } = await putDavCard(caller, name, bytes, preconditions(headers));
    return new Response(null, { status: created ? 201 : 204 });
  });
}

export function deleteCard(caller: DavCaller, name: string, headers: Headers): Promise<Response> {
  return answering(async () =>
    (await deleteDavCard(caller, name, preconditions(headers)))
      ? new Response(null, { status: 204 })
      : davError(404, 'This card is not in the address book'),
  );
}
