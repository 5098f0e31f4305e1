import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { apiLimitOf, findApiCaller } from '../domain/auth/api-caller';
import { depsForCaller, depsFromEnv } from '../domain/deps';
import { AppError, RateLimitedError } from '../domain/errors';
import type { Env, Settings } from '../env';
import { oauthUrls } from '../domain/mcp-oauth/oauth-urls';
import { buildMcpServer, MCP_TOOLS } from './mcp-server';
import { refuseToolsNotGranted } from './mcp-tool-refusals';
import { agentSource } from '../domain/sources/source-kinds';

// The MCP server (issue 47, ADR 035) on the Streamable HTTP transport, mounted from
// worker/index.ts for /mcp. Stateless: each POST is answered on its own, as JSON, by a server
// built for that request's token; there is no session to keep between requests.

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1024 * 1024;

function refusal(error: AppError, headers: Record<string, string> = {}): Response {
  const { code, message, details } = error;
  return Response.json(
    { error: { code, message, ...(details ? { details } : {}) } },
    { status: error.status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers } },
  );
}

// RFC 9728 §5.1: the 401 names the resource's metadata, where an MCP client starts its OAuth.
const unauthenticated = (request: Request, settings: Settings, message: string) =>
  refusal(new AppError('unauthenticated', message), {
    'WWW-Authenticate': `Bearer realm="kith", resource_metadata="${oauthUrls(settings, request.url).resourceMetadata}"`,
  });

export async function handleMcp(request: Request, env: Env): Promise<Response> {
  const server = depsFromEnv(env);
  // A browser page must not drive a signed-in user's agent endpoint (DNS rebinding, the spec's
  // Origin rule): agents send no Origin, and our own pages never call /mcp.
  const origin = request.headers.get('origin');
  const appUrl = server.settings.APP_URL;
  if (origin && origin !== (appUrl ? new URL(appUrl).origin : null))
    return refusal(new AppError('forbidden', 'Requests from other web origins are refused'));
  if (request.method !== 'POST')
    return refusal(new AppError('invalid_request', 'This MCP server is stateless: send JSON-RPC messages with POST'), { Allow: 'POST' });

  const header = request.headers.get('authorization');
  const secret = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!secret)
    return unauthenticated(
      request,
      server.settings,
      'Connect with OAuth, or send a personal access token as Authorization: Bearer <token> (Settings → Personal access tokens)',
    );
  let found;
  try {
    found = await findApiCaller(server.directory.db, { kind: 'token', secret }, apiLimitOf(server.settings));
  } catch (error) {
    if (error instanceof RateLimitedError) return refusal(error, { 'Retry-After': String(error.retryAfterSeconds) });
    throw error;
  }
  if (!found) return unauthenticated(request, server.settings, 'The access token is invalid, expired or revoked');

  // What an agent writes records it as the source, named by its token (ADR 038): "Claude (agent)".
  const deps = { ...(await depsForCaller(server, found.user.id, found.caller)), writer: agentSource(found.caller) };
  const context = { deps, user: found.user, caller: found.caller };
  const mcp = buildMcpServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await mcp.connect(transport);
  refuseToolsNotGranted(transport, context, MCP_TOOLS);
  const response = await transport.handleRequest(request);
  response.headers.set('cache-control', 'no-store');
  return response;
}
