import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { withoutInternalErrorText } from './internal-errors.server';
import { NonceProvider } from './nonce-provider';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? '';
  withoutInternalErrorText(remixContext);
  const renderStart = performance.now();
  // One string, not a stream: no page suspends (no Suspense, no defer), so streaming only cut the
  // same markup into thousands of chunks, each encoded on its own (#49, ADR 076). A render that
  // throws reaches Remix, which renders the error boundary instead.
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  loadContext.dbTimer?.parts.push({ name: 'render', ms: performance.now() - renderStart });
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
