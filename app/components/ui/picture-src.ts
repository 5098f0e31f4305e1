import { api } from '../../api/client';

/**
 * Where a page loads a stored picture address from: Kith's own paths and inline data as they
 * are, a picture on another site through Kith's fetcher (GET /api/v1/images/remote), so pages
 * load images only from Kith (the CSP's img-src) and other sites never see who looks at them.
 */
export function pictureSrc(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (/^data:image\//i.test(url)) return url;
  return api.images.remote.$path({ query: { url } });
}
