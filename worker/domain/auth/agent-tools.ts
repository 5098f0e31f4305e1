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
  'send_message',
  'intro_paths',
  'family',
  'neighbourhood',
] as const;

export type AgentTool = (typeof AGENT_TOOLS)[number];

/**
 * Tools a token has only when its list names them (ADR 051): sending a message in the user's
 * name reaches someone outside Kith and cannot be taken back, so "every tool" never includes it.
 */
export const OPT_IN_TOOLS: readonly AgentTool[] = ['send_message'];

/** The tools a token without a list may call (its scopes permitting): every one but the opt-in ones. */
export const DEFAULT_AGENT_TOOLS: readonly AgentTool[] = AGENT_TOOLS.filter((tool) => !OPT_IN_TOOLS.includes(tool));

/** Whether a token's tool list (null: made without one) lets it call `tool`; its scopes are checked apart. */
export const toolListAllows = (tools: readonly string[] | null | undefined, tool: string): boolean =>
  tools ? tools.includes(tool) : (DEFAULT_AGENT_TOOLS as readonly string[]).includes(tool);

/** Each tool in the words of the consent page and Settings, and whether it changes anything (needs contacts:write). */
export const AGENT_TOOL_INFO: Record<AgentTool, { label: string; writes: boolean }> = {
  search_contacts: { label: 'Search your contacts', writes: false },
  get_contact: { label: 'Read a contact and their recent timeline', writes: false },
  list_due: { label: 'See who is due for a catch-up', writes: false },
  add_note: { label: 'Add notes', writes: true },
  log_interaction: { label: 'Log calls, meetings and messages', writes: true },
  create_contact: { label: 'Create contacts', writes: true },
  update_contact: { label: 'Change contacts', writes: true },
  set_reminder: { label: 'Set reminders', writes: true },
  draft_message: { label: 'Draft messages (never sends them)', writes: false },
  send_message: { label: 'Send messages in your name (email, Telegram, X, LinkedIn)', writes: true },
  intro_paths: { label: 'Find who can introduce you', writes: false },
  family: { label: "Read a contact's family", writes: false },
  neighbourhood: { label: 'See the people around a contact', writes: false },
};
