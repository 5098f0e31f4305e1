import type { DavCaller } from '../domain/dav/dav-sign-in';
import { davError } from './dav-responses';

export async function putCard(_caller: DavCaller, _name: string, _bytes: Uint8Array, _headers: Headers): Promise<Response> {
  return davError(403, 'Writing is not built yet');
}

export async function deleteCard(_caller: DavCaller, _name: string, _headers: Headers): Promise<Response> {
  return davError(403, 'Writing is not built yet');
}
