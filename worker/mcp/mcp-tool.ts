import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ZodError, type z } from 'zod';
import { recordAgentCall } from '../domain/audit/agent-activity';
import { DEFAULT_AGENT_TOOLS, OPT_IN_TOOLS, toolListAllows, type AgentTool } from '../domain/auth/agent-tools';
import { assertScope, type Caller, type Scope } from '../domain/auth/scopes';
import { AppError } from '../domain/errors';
import type { McpContext } from './mcp-context';
import { errorResult, textResult } from './mcp-results';

/** One tool as Kith declares it: what a model reads about it, what it needs, and the domain call it makes. */
export interface KithTool<Shape extends z.ZodRawShape> {
  name: AgentTool;
  title: string;
  /** Written for a model: what it returns, its limits, how to page. */
  description: string;
  /** The scope a token needs to call it, the same as the REST route doing the same. */
  needs: Scope;
  input: Shape;
  run: (context: McpContext, input: z.output<z.ZodObject<Shape>>) => Promise<unknown>;
}

export const defineTool = <Shape extends z.ZodRawShape>(tool: KithTool<Shape>) => tool;

/** Whether the token may call `tool`: its scope, and its list of tools (without one, every tool but the opt-in ones). */
export const mayCall = (caller: Caller, tool: { name: string; needs: Scope }) =>
  caller.scopes.includes(tool.needs) && toolListAllows(caller.tools, tool.name);

/** The refusal of a tool the token's list leaves out, naming what it may call instead. */
export function toolRefused(caller: Caller, name: string): AppError {
  const allowed = caller.tools ?? DEFAULT_AGENT_TOOLS;
  const optIn = !caller.tools && (OPT_IN_TOOLS as readonly string[]).includes(name);
  return new AppError(
    'insufficient_scope',
    optIn
      ? `This access token may not use the tool ${name}: it is off unless the token's tool list names it (Settings → Personal access tokens, or the app's consent page)`
      : `This access token may not use the tool ${name}`,
    { tool: name, allowed_tools: [...allowed] },
  );
}

/** Refuses the call when the token lacks the tool's scope or its list leaves the tool out. */
export function assertMayCall(caller: Caller, tool: { name: string; needs: Scope }): void {
  assertScope(caller, tool.needs);
  if (!mayCall(caller, tool)) throw toolRefused(caller, tool.name);
}

/** The contact a call touched: the one it named, or the one it made (a contact card answers with its id and name). */
function touched(asked: string | null, result: unknown): { contactId: string | null; contactName?: string | null } {
  const card = result as { id?: unknown; name?: unknown; emails?: unknown } | null;
  if (card && typeof card.id === 'string' && typeof card.name === 'string' && Array.isArray(card.emails))
    return { contactId: card.id, contactName: card.name };
  return { contactId: asked };
}

const errorCodeOf = (error: unknown) =>
  error instanceof AppError ? error.code : error instanceof ZodError ? 'invalid_request' : 'internal_error';

/** Registers `tool` on the request's server: the token's scope first, then the domain call; every failure is a tool error the model can read. */
export function addTool<Shape extends z.ZodRawShape>(server: McpServer, context: McpContext, tool: KithTool<Shape>): void {
  const readOnly = tool.needs === 'contacts:read';
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      annotations: { readOnlyHint: readOnly, destructiveHint: false, openWorldHint: false },
    },
    // The SDK has checked the input against `tool.input` already.
    (async (input: z.output<z.ZodObject<Shape>>) => {
      const asked = (input as { contact_id?: string }).contact_id ?? null;
      try {
        assertMayCall(context.caller, tool);
        const result = await tool.run(context, input);
        await recordAgentCall(context.deps, context.caller, { what: tool.name, ...touched(asked, result) });
        return textResult(result);
      } catch (error) {
        const refused = errorResult(error);
        await recordAgentCall(context.deps, context.caller, { what: tool.name, contactId: asked, error: errorCodeOf(error) });
        return refused;
      }
    }) as never,
  );
}
