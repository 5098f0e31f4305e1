import { AGENT_TOOL_INFO, AGENT_TOOLS, OPT_IN_TOOLS, type AgentTool } from '../auth/agent-tools';
import type { Scope } from '../auth/scopes';

// Which tools the consent page offers an app (ADR 051): those its asked scopes could use,
// ticked but for the opt-in ones (send_message), which the user must tick themselves.

export interface OfferedTool {
  name: AgentTool;
  label: string;
  writes: boolean;
  /** Ticked when the page opens. */
  ticked: boolean;
}

export function offeredTools(scopes: readonly Scope[]): OfferedTool[] {
  const writes = scopes.includes('contacts:write');
  return AGENT_TOOLS.filter((name) => writes || !AGENT_TOOL_INFO[name].writes).map((name) => ({
    name,
    ...AGENT_TOOL_INFO[name],
    ticked: !OPT_IN_TOOLS.includes(name),
  }));
}

/**
 * The grant's tool list from the ticked boxes: null (every tool but the opt-in ones, as a token
 * without a list) when the user left the page's choice as it was, else exactly what they ticked.
 */
export function grantedTools(scopes: readonly Scope[], ticked: readonly string[]): string[] | null {
  const unchanged = offeredTools(scopes).filter((tool) => tool.ticked);
  const same = unchanged.length === ticked.length && unchanged.every((tool) => ticked.includes(tool.name));
  return same ? null : [...ticked];
}
