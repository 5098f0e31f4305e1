import { readCapped } from '../../worker/read-capped';
import { isUtf8FormBody } from '../../worker/request-text';
const isUrlEncoded = (headers: Headers) =>
  (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** A page form is a few KB (a note is at most 20 000 characters); nothing a page sends needs more. */
export const MAX_FORM_BYTES = 1024 * 1024;

const refuse = (status: 400 | 413, message: string) =>
  new Response(message, { status, statusText: status === 413 ? 'Payload Too Large' : 'Bad Request' });

/**
 * The request's form fields, or a 4xx the root ErrorBoundary renders as the app's error page.
 * request.formData() throws a TypeError on a broken multipart body, a missing boundary or a
 * body that is not a form at all, which would otherwise be a 500; and it would buffer a body of
 * any size. Every action reads its form through this (eslint enforces it).
 */
export async function readForm(request: { headers: Headers; body: ReadableStream<Uint8Array> | null }): Promise<FormData> {
  const tooLarge = () =>
    refuse(413, 'The form is larger than 1 MB, more than any page of Kith sends. Shorten what you typed and send it again.');
  if (Number(request.headers.get('content-length')) > MAX_FORM_BYTES) throw tooLarge();
  const bytes = request.body ? await readCapped(request.body, MAX_FORM_BYTES) : new Uint8Array();
  if (!bytes) throw tooLarge();
  // ADR 011: a url-encoded form that is not UTF-8 would be decoded with U+FFFD in place of the bad bytes and stored.
  if (isUrlEncoded(request.headers) && !isUtf8FormBody(bytes.buffer)) {
    throw refuse(400, 'This form was not sent as UTF-8 text, so nothing was saved. Go back, reload the page and try again.');
  }
  try {
    return await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw refuse(400, 'The form could not be read: the request was not a valid form submission. Reload the page and send it again.');
  }
}
