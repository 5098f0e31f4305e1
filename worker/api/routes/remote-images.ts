import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { fetchRemoteImage, remoteImageUrlOf } from '../../domain/images/remote-image';
import { commonErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const remoteImageRoute = createRoute({
  method: 'get',
  path: '/remote',
  tags: ['Contacts'],
  summary:
    "A contact's or organization's picture on another site (an avatar_url or logo_url that is not Kith's own), fetched by Kith so pages load images only from Kith (the page CSP's img-src)",
  description:
    'Public addresses only (or a host of ALLOWED_PRIVATE_HOSTS), at most 3 redirects, 2 MB and 8 s; PNG, JPEG, GIF, WebP or ICO by their bytes. Anything else answers 404.',
  security,
  request: { query: z.object({ url: z.string().min(1).max(2000) }) },
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...commonErrors,
  },
});

export const remoteImageRoutes = new OpenAPIHono<AppEnv>().openapi(remoteImageRoute, async (c) => {
  const image = await fetchRemoteImage(c.var.deps.settings, remoteImageUrlOf(c.req.valid('query').url));
  return new Response(image.bytes, {
    headers: {
      'content-type': image.contentType,
      // The same address is asked for on every page that shows the person: a day in this browser only.
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
