import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { readContactPhoto } from '../../domain/contacts/contact-photos';
import { commonErrors, security } from '../openapi-helpers';
import type { AppEnv } from '../types';

const photoRoute = createRoute({
  method: 'get',
  path: '/{hash}',
  tags: ['Contacts'],
  summary: "A contact photo that came inside an imported file (a vCard's PHOTO), by its SHA-256; a contact's avatar_url points here",
  security,
  request: { params: z.object({ hash: z.string().max(64) }) },
  responses: {
    200: { description: 'The image', content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...commonErrors,
  },
});

export const contactPhotoRoutes = new OpenAPIHono<AppEnv>().openapi(photoRoute, async (c) => {
  const photo = await readContactPhoto(c.var.deps, c.var.user.id, c.req.valid('param').hash);
  return new Response(photo.body, {
    headers: {
      'content-type': photo.contentType,
      etag: photo.etag,
      // Content-addressed: the bytes behind a hash never change.
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
