import type { Settings } from '../../env';
import { createDohResolver } from '../../providers/favicon/dns-over-https';
import { sniffImageType } from '../../providers/favicon/favicon-client';
import { guardedGet } from '../../providers/favicon/guarded-fetch';
import { isIpLiteral, isPublicAddress, isPublicUrl } from '../../providers/favicon/public-address';
import { AppError, notFound } from '../errors';
import { isAllowedPrivateHost } from '../webhooks/allowed-private-hosts';

/** A contact's or organization's picture on another site, fetched by Kith for the page (ADR 037). */
export interface RemoteImage {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export const REMOTE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 8_000;

/** The URL when it is one Kith may fetch a picture from (http or https, no credentials); else a 400. */
export function remoteImageUrlOf(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid_request', 'The picture address is not a web address', { url: 'not a URL' });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new AppError('invalid_request', 'The picture address must be an http(s) address without a user name', {
      url: 'not a web address',
    });
  }
  return url;
}

/**
 * Downloads a picture through the favicon guard (ADR 003): every hop's name and resolved
 * addresses must be public (or a host of ALLOWED_PRIVATE_HOSTS), at most 3 redirects,
 * 2 MB, 8 s, and the bytes must be PNG, JPEG, GIF, WebP or ICO (never SVG, which could
 * carry script). Anything else is a 404: the page shows the initials instead.
 */
export async function fetchRemoteImage(
  settings: Pick<Settings, 'ALLOWED_PRIVATE_HOSTS' | 'DNS_OVER_HTTPS_URL'>,
  url: URL,
): Promise<RemoteImage> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const resolve = createDohResolver({ url: settings.DNS_OVER_HTTPS_URL, signal });
  const isAllowed = async (hop: URL) => {
    if (hop.username || hop.password) return false;
    if (isAllowedPrivateHost(hop, settings.ALLOWED_PRIVATE_HOSTS)) return true;
    if (!isPublicUrl(hop)) return false;
    if (isIpLiteral(hop.hostname)) return true;
    const addresses = await resolve(hop.hostname);
    return addresses !== null && addresses.length > 0 && addresses.every(isPublicAddress);
  };
  const got = await guardedGet(url, { fetch, isAllowed, maxBytes: REMOTE_IMAGE_MAX_BYTES, maxRedirects: 3, signal, accept: 'image/*' });
  if (!got.ok) throw notFound('Picture');
  const contentType = sniffImageType(got.bytes);
  if (!contentType) throw notFound('Picture');
  // readCapped builds the bytes over a plain ArrayBuffer.
  return { bytes: got.bytes as Uint8Array<ArrayBuffer>, contentType };
}
