import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { as, json, ORIGIN, type Session } from './client';

/** A personal access token of `me` with `body`'s scopes (default: read and write contacts). */
export async function newToken(me: Session, body: Record<string, unknown> = {}) {
  const res = await as(me, '/api/v1/tokens', { method: 'POST', json: { name: 'Claude Desktop', ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).data as {
    id: string;
    token: string;
    scopes: string[];
    contact_tags: string[] | null;
    hide_private: boolean;
    tools: string[] | null;
  };
}

/** The SDK's own MCP client, connected to the real Worker's /mcp with `token`. */
export async function mcpClient(token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: (url, init) => SELF.fetch(String(url), init),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'kith-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * Calls `name` and reads its JSON answer; isError answers come back as {error}. Input that does
 * not fit the tool's schema is refused by the SDK before Kith runs, in its own words (code invalid_params).
 */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  const [first] = result.content as { type: string; text: string }[];
  const text = first!.text;
  const value = text.startsWith('MCP error -32602') ? { error: { code: 'invalid_params', message: text } } : JSON.parse(text);
  expect(Boolean(result.isError), JSON.stringify(value)).toBe('error' in value);
  return value;
}
