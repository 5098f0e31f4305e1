import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ContactView } from '../domain/contacts/contact-view';
import { AppError } from '../domain/errors';
import { inputIssues } from '../domain/input-issues';
import type { InteractionView } from '../domain/timeline/interaction-view';

// What the tools answer, kept small: an agent's context is precious, so a contact in a list is a
// line of facts, and a page is ten unless the model asks for more.

export const DEFAULT_PAGE = 10;
export const MAX_PAGE = 50;

/** A contact as a list shows it to a model. */
export function contactLine(contact: ContactView) {
  return {
    id: contact.id,
    name: contact.full_name,
    company: contact.company?.name ?? null,
    title: contact.title,
    location: contact.location,
    tags: contact.tags,
    priority: contact.priority,
    email: contact.emails[0] ?? null,
    last_interaction_at: contact.last_interaction_at,
    next_due: contact.next_due,
  };
}

/** A contact read on its own: everything a person would look at, without the map's and the photo's internals. */
export function contactCard(contact: ContactView) {
  return {
    ...contactLine(contact),
    emails: contact.emails,
    phones: contact.phones,
    notes: contact.notes,
    how_we_met: contact.how_we_met,
    connected_on: contact.connected_on,
    telegram_username: contact.telegram_username,
    twitter_handle: contact.twitter_handle,
    linkedin_url: contact.linkedin_url,
    relationship_score: contact.relationship_score,
    cadence: contact.cadence,
  };
}

/** A timeline entry for a model: what happened, when, and what was said (bodies as the timeline gives them). */
export const timelineLine = (item: InteractionView) => ({
  id: item.id,
  kind: item.kind,
  channel: item.channel,
  direction: item.direction,
  occurred_at: item.occurred_at,
  subject: item.subject,
  body: item.body,
});

/**
 * A page cursor: the page number and its size, so the next call gets the next page of the same
 * size. Opaque to the model ("pass next_cursor back as cursor").
 */
export const cursorSchema = z
  .string()
  .regex(/^\d{1,6}\.\d{1,3}$/, 'is not a cursor this server gave out (pass next_cursor back unchanged)')
  .describe('next_cursor from the previous answer, to read the next page; omit for the first page');

export const limitSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE)
  .optional()
  .describe(`How many to return (default ${DEFAULT_PAGE}, at most ${MAX_PAGE})`);

export function pageOf(cursor: string | undefined, limit: number | undefined): { page: number; pageSize: number } {
  if (!cursor) return { page: 1, pageSize: limit ?? DEFAULT_PAGE };
  const [page, size] = cursor.split('.').map(Number) as [number, number];
  return { page: Math.max(1, page), pageSize: Math.min(Math.max(1, size), MAX_PAGE) };
}

export function nextCursor(page: { page: number; pageSize: number }, total: number): string | null {
  return page.page * page.pageSize < total ? `${page.page + 1}.${page.pageSize}` : null;
}

export const textResult = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

/** A refusal or failure as the model reads it: the API's error envelope, so the code says what to do. */
export function errorResult(error: unknown): CallToolResult {
  if (error instanceof z.ZodError) {
    const issues = inputIssues(error).map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
    error = new AppError('invalid_request', `The input is not valid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, {
      issues,
    });
  }
  if (!(error instanceof AppError)) {
    console.error('MCP tool failed', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    error = new AppError('internal_error', 'Something went wrong on our side');
  }
  const { code, message, details } = error as AppError;
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }) }],
  };
}
