import { z } from 'zod';
import { getContactView } from '../domain/contacts/contact-view';
import { DRAFT_CHANNEL_IDS } from '../domain/drafts/channels';
import { draftMessage } from '../domain/drafts/draft-message';
import { agenda } from '../domain/keep-in-touch/agenda';
import { localDateSchema } from '../domain/keep-in-touch/calendar-date-input';
import { prioritySchema, tagSchema } from '../domain/contacts/contact-input';
import { recordIdSchema } from '../domain/record-id';
import { contactListParams, toContactListQuery } from '../domain/search/contact-list-params';
import { listContacts } from '../domain/search/list-contacts';
import { listTimeline } from '../domain/timeline/list-timeline';
import type { McpContext } from './mcp-context';
import { contactCard, contactLine, cursorSchema, limitSchema, nextCursor, pageOf, timelineLine } from './mcp-results';
import { defineTool } from './mcp-tool';

const contactId = recordIdSchema.describe("The contact's id, as search_contacts or list_due give it");
const RECENT_DEFAULT = 5;
const RECENT_MAX = 20;

/** A contact with its latest interactions: get_contact, the contact card resource and the meeting prompt. */
export async function contactWithRecent({ deps, user }: McpContext, id: string, recent = RECENT_DEFAULT) {
  const contact = await getContactView(deps.db, user.id, id, deps.settings.BCC_DOMAIN);
  const timeline = await listTimeline(deps.db, user.id, id, { limit: recent });
  return { ...contactCard(contact), recent_timeline: timeline.items.map(timelineLine), more_timeline: timeline.nextCursor !== null };
}

export const searchContacts = defineTool({
  name: 'search_contacts',
  title: 'Search contacts',
  description: `Finds the user's contacts, the same ranked search as Kith's contact list: \`query\` matches names, companies, emails, phones, handles, tags and notes (close spellings too); \`place\` keeps contacts whose location is in that city or country; \`tags\`, \`priority\` and \`due_by\` filter further. Without a query, contacts come best-kept-in-touch first. Answers {contacts: [{id, name, company, title, location, tags, priority, email, last_interaction_at, next_due}], total, next_cursor}; 10 per page by default. Use get_contact with an id for everything about one person.`,
  needs: 'contacts:read',
  input: {
    query: contactListParams.q.describe('Words to search for, e.g. "Ana designer" or an email'),
    place: contactListParams.place.describe('A city, region or country, e.g. "Lisbon"'),
    tags: z.array(tagSchema).max(20).optional().describe('Only contacts with all of these tags'),
    priority: z.array(prioritySchema).max(4).optional().describe('Only contacts of these priorities'),
    due_by: localDateSchema.optional().describe('Only contacts due to be contacted on or before this date (YYYY-MM-DD)'),
    cursor: cursorSchema.optional(),
    limit: limitSchema,
  },
  run: async ({ deps, user }, input) => {
    const page = pageOf(input.cursor, input.limit);
    const params = z
      .object(contactListParams)
      .parse({ q: input.query, place: input.place, tag: input.tags, priority: input.priority, due_by: input.due_by });
    const found = await listContacts(deps.db, user.id, toContactListQuery(params), page, deps.settings.BCC_DOMAIN);
    return {
      contacts: found.items.map(contactLine),
      total: found.total,
      next_cursor: nextCursor(page, found.total),
      ...(found.spellings ? { also_searched_spellings: found.spellings } : {}),
    };
  },
});

export const getContact = defineTool({
  name: 'get_contact',
  title: 'Read a contact',
  description: `Everything about one contact: names, company, title, emails, phones, location, tags, notes, how you met, handles, relationship score (0-100), cadence, next due date, and their latest interactions newest first (${RECENT_DEFAULT} by default, at most ${RECENT_MAX}; more_timeline says whether older ones exist). Answers not_found for an id that is not one of the user's contacts.`,
  needs: 'contacts:read',
  input: {
    contact_id: contactId,
    recent: z
      .number()
      .int()
      .min(0)
      .max(RECENT_MAX)
      .optional()
      .describe(`How many recent interactions to include (default ${RECENT_DEFAULT})`),
  },
  run: (context, input) => contactWithRecent(context, input.contact_id, input.recent === 0 ? 1 : input.recent),
});

export const listDue = defineTool({
  name: 'list_due',
  title: 'Who is due',
  description: `Who the user should get in touch with: reminders, keep-in-touch cadences that came due and suggestions, due by \`until\` (default: a week from today), overdue first, in the user's time zone. Answers {today, items: [{contact_id, contact_name, due_on, bucket (overdue|today|this_week|later), kind, title, note}], total, next_cursor}; 10 per page by default.`,
  needs: 'contacts:read',
  input: {
    until: localDateSchema.optional().describe('Last date included, YYYY-MM-DD (default: a week from today)'),
    cursor: cursorSchema.optional(),
    limit: limitSchema,
  },
  run: async ({ deps, user }, input) => {
    const page = pageOf(input.cursor, input.limit);
    const due = await agenda(deps.db, user, { until: input.until, page: page.page, pageSize: page.pageSize });
    return {
      today: due.today,
      items: due.items.map((item) => ({
        contact_id: item.contact_id,
        contact_name: item.contact_name,
        due_on: item.due_on,
        bucket: item.bucket,
        kind: item.kind,
        title: item.title,
        note: item.note,
      })),
      total: due.total,
      next_cursor: nextCursor(page, due.total),
    };
  },
});

export const draftMessageTool = defineTool({
  name: 'draft_message',
  title: 'Draft a message',
  description: `Drafts a short personal message to a contact with Kith's language model, from their profile and recent conversation, in the conversation's language. Never sends anything: show the draft to the user, who sends it themselves. Channels: ${DRAFT_CHANNEL_IDS.join(', ')}. With intro_to, the draft asks the contact for that introduction, from the path intro_paths found. Answers {channel, subject (email only), body}; not_configured when the server has no language model.`,
  needs: 'contacts:read',
  input: {
    contact_id: contactId,
    channel: z.enum(DRAFT_CHANNEL_IDS).describe('Where the message will be sent'),
    intro_to: recordIdSchema
      .optional()
      .describe('To ask contact_id for an introduction: the id of the person they would introduce the user to (an intro_paths target)'),
  },
  run: ({ deps, user }, input) => draftMessage(deps, user, input.contact_id, input.channel, {}, { introTo: input.intro_to }),
});
