/**
 * The client's address as Cloudflare saw it. Only `cf-connecting-ip`: the edge sets it and a
 * client cannot, unlike `x-forwarded-for`. Without it (local runs) every caller is one client.
 */
export function clientAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'local';
}
