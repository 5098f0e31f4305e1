import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { isUnsubscribeTokenValid, UNSUBSCRIBE_LINK_DAYS, unsubscribeFromDigest } from '../../domain/keep-in-touch/digest-unsubscribe';
import { AppError } from '../../domain/errors';
import type { AppEnv } from '../types';

const tags = ['Keep in touch'];
const tokenQuery = z.object({ token: z.string().min(1).max(200) });
const html = { 'text/html': { schema: z.string() } };
const expired = {
  description: 'The link is not valid or has expired: a page for a browser (Accept: text/html), else the error envelope',
  content: { ...html, 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } },
};

const confirmRoute = createRoute({
  method: 'get',
  path: '/unsubscribe',
  tags,
  description: `The weekly digest email's unsubscribe link: the signed token is the credential (no session), and expires ${UNSUBSCRIBE_LINK_DAYS} days after the email. Opening it changes nothing: it answers a page whose button POSTs to the same address.`,
  request: { query: tokenQuery },
  responses: { 200: { description: 'The confirmation page', content: html }, 404: expired },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/unsubscribe',
  tags,
  description:
    "Turns the weekly digest off: the confirmation page's button, and mail clients' one-click unsubscribe (RFC 8058: `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, whose form body is ignored). Answers a small HTML page.",
  request: { query: tokenQuery },
  responses: { 200: { description: 'Unsubscribed', content: html }, 404: expired },
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} · Kith</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

const NOT_VALID = page(
  'Link expired',
  `<h1>This link no longer works</h1><p>Unsubscribe links work for ${UNSUBSCRIBE_LINK_DAYS} days. Use the link in a newer digest, or turn the weekly digest off in Kith’s Settings.</p>`,
);

/** A browser gets a page that says what to do; any other client the error envelope. */
function notValid(accept: string | undefined, html: (body: string, status: 404) => Response): Response {
  if (accept?.includes('text/html')) return html(NOT_VALID, 404);
  throw new AppError('not_found', `This unsubscribe link is not valid or has expired (links work for ${UNSUBSCRIBE_LINK_DAYS} days)`);
}

export const digestRoutes = new OpenAPIHono<AppEnv>()
  .openapi(confirmRoute, async (c) => {
    if (!(await isUnsubscribeTokenValid(c.var.server, c.req.valid('query').token)))
      return notValid(c.req.header('accept'), (body, status) => c.html(body, status)) as never;
    // No action: the form posts to this very address, token included.
    return c.html(
      page(
        'Unsubscribe',
        '<h1>Stop the weekly digest?</h1><p>You will no longer get Kith’s Monday email of who to keep in touch with. You can turn it back on in Settings.</p><form method="post"><button type="submit">Stop the weekly digest</button></form>',
      ),
      200,
    );
  })
  .openapi(unsubscribeRoute, async (c) => {
    if (!(await unsubscribeFromDigest(c.var.server, c.req.valid('query').token)))
      return notValid(c.req.header('accept'), (body, status) => c.html(body, status)) as never;
    return c.html(
      page(
        'Unsubscribed',
        '<h1>Unsubscribed</h1><p>You will no longer get the weekly digest. You can turn it back on in Kith’s Settings.</p>',
      ),
      200,
    );
  });
