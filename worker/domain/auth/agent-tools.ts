/**
 * The MCP server's tools by name (worker/mcp/), which a token may be limited to (ADR 035). The
 * server's registry must name exactly these (tests/mcp/mcp-tools.test.ts lists them).
 */
export const AGENT_TOOLS = [
  'search_contacts',
  'get_contact',
  'list_due',
  'add_note',
  'log_interaction',
  'create_contact',
  'update_contact',
  'set_reminder',
  'draft_message',
  'intro_paths',
  'family',
  'neighbourhood',
] as const;

export type AgentTool = (typeof AGENT_TOOLS)[number];
