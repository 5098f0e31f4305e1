/**
 * The client's address as Cloudflare saw it. Only `cf-connecting-ip`: the edge sets it and a
 * client cannot, unlike `x-forwarded-for`. The Worker removes it at the door unless
 * BEHIND_CLOUDFLARE is "true" (trustedClientAddress); without it every caller is one client.
 */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'local';
}

/** The request as the Worker reads it: cf-connecting-ip kept only behind Cloudflare (BEHIND_CLOUDFLARE). */
export function trustedClientAddress(request: Request, behindCloudflare: boolean): Request {
  if (behindCloudflare || !request.headers.has('cf-connecting-ip')) return request;
  const headers = new Headers(request.headers);
  headers.delete('cf-connecting-ip');
  return new Request(request, { headers });
}
