import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One local HTTP server standing in for every outside service, each under its own path
 * prefix (/mapbox, /apollo, /openai, /google). Each provider's fake speaks that provider's
 * documented wire format; tests steer a fake by POSTing a scenario to /__scenario/<provider>.
 * Runs in Node (globalSetup), never in production code paths.
 */
export type FakeHandler = (req: IncomingMessage, body: string, res: ServerResponse, raw: Buffer) => boolean | Promise<boolean>;

const handlers: FakeHandler[] = [];

export function registerFake(handler: FakeHandler) {
  handlers.push(handler);
}

export async function startFakeProviders(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = raw.toString('utf8');
    for (const handler of handlers) {
      if (await handler(req, body, res, raw)) return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `fake providers: no route for ${req.method} ${req.url}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
