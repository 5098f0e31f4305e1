import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { familyTool, neighbourhoodTool } from './mcp-circle-tools';
import type { McpContext } from './mcp-context';
import { introPathsTool } from './mcp-intro-tools';
import { addResourcesAndPrompts } from './mcp-prompts';
import { draftMessageTool, getContact, listDue, searchContacts } from './mcp-read-tools';
import { sendMessageTool } from './mcp-send-tool';
import { addTool, mayCall, type KithTool } from './mcp-tool';
import { addNoteTool, createContactTool, logInteractionTool, setReminderTool, updateContactTool } from './mcp-write-tools';

/** Every tool, in the order a model sees them. */
export const MCP_TOOLS = [
  searchContacts,
  getContact,
  listDue,
  addNoteTool,
  logInteractionTool,
  createContactTool,
  updateContactTool,
  setReminderTool,
  draftMessageTool,
  sendMessageTool,
  introPathsTool,
  familyTool,
  neighbourhoodTool,
] as unknown as KithTool<Record<string, never>>[];

const INSTRUCTIONS = `Kith is the user's personal CRM: the people they know, their history together, and who they should get back in touch with.
Find people with search_contacts (by name, company, place or tag), then read one with get_contact. Answers are small pages: pass next_cursor back as cursor for more.
Writes (notes, interactions, reminders, contact changes) are the user's own record: make them only when the user asks. draft_message only drafts. send_message, which the user turns on per app, sends in their name and cannot be undone: send only text the user approved.`;

/**
 * The MCP server for one request (stateless, ADR 035): built with the caller's context, so every
 * tool reads and writes as the token's user, with the token's scopes. A token lists only the
 * tools its scopes and its tool list let it call; each call checks again, and a call to another
 * of Kith's tools is refused in Kith's words (mcp-tool-refusals.ts).
 */
export function buildMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: 'kith', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) if (mayCall(context.caller, tool)) addTool(server, context, tool);
  addResourcesAndPrompts(server, context);
  return server;
}
