import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { recordAgentCall } from '../domain/audit/agent-activity';
import type { McpContext } from './mcp-context';
import { errorResult } from './mcp-results';
import type { Scope } from '../domain/auth/scopes';
import { assertMayCall } from './mcp-tool';

// A token is served only the tools it may call, so the SDK would answer a call to any other one
// with "Tool add_note not found", as if Kith had no such tool. A call to one of Kith's tools the
// token may not use is answered here instead, before the server sees it: Kith's refusal
// (insufficient_scope, which scope or which tools the token has), recorded in the activity log
// as every call is.

function refusalOf(tools: readonly { name: string; needs: Scope }[], context: McpContext, message: unknown) {
  if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return null;
  const params = message.params as { name?: unknown } | undefined;
  const tool = tools.find((known) => known.name === params?.name);
  if (!tool) return null;
  try {
    assertMayCall(context.caller, tool);
    return null;
  } catch (error) {
    return { id: message.id, tool: tool.name, error };
  }
}

/** Answers calls to the tools `context`'s token may not use with Kith's refusal; everything else goes on to the server. */
export function refuseToolsNotGranted(transport: Transport, context: McpContext, tools: readonly { name: string; needs: Scope }[]): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refused = refusalOf(tools, context, message);
    if (!refused) return deliver?.(message, extra);
    void (async () => {
      await recordAgentCall(context.deps, context.caller, { what: refused.tool, contactId: null, error: 'insufficient_scope' });
      await transport.send({ jsonrpc: '2.0', id: refused.id, result: errorResult(refused.error) });
    })();
  };
}
