import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { withoutInternalErrorText } from './internal-errors.server';
import { NonceProvider } from './nonce-provider';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let statusCode = responseStatusCode;
  const nonce = loadContext.cspNonce ?? '';
  withoutInternalErrorText(remixContext);
  const renderStart = performance.now();
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        console.error(error instanceof Error ? error.message : String(error));
        statusCode = 500;
      },
    },
  );
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady;
  loadContext.dbTimer?.parts.push({ name: 'render', ms: performance.now() - renderStart });
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(body, { headers: responseHeaders, status: statusCode });
}
