/** The activity log's actions for what agents (MCP tool calls) and access tokens (API writes) did. */
export const AGENT_CALL_ACTION = 'agent.tool_call';
export const TOKEN_WRITE_ACTION = 'token.write';
