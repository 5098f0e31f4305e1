import { z } from 'zod';
import { familyOf } from '../domain/circles/family';
import { neighbourhoodOf } from '../domain/circles/neighbourhood';
import { localDate } from '../domain/keep-in-touch/calendar-dates';
import { recordIdSchema } from '../domain/record-id';
import { cursorSchema, nextCursor, pageOf } from './mcp-results';
import { defineTool } from './mcp-tool';

// The family and the neighbourhood (ADR 048) for a model: the REST routes' own walks, whose
// answers are already bounded (60 and 28 people), given a page at a time so a model reads a
// household without the whole of a large one.

const contactId = recordIdSchema.describe("The contact's id, as search_contacts gives it");
const PAGE_DEFAULT = 10;
const PAGE_MAX = 30;
const circleLimit = z
  .number()
  .int()
  .min(1)
  .max(PAGE_MAX)
  .optional()
  .describe(`How many people to return (default ${PAGE_DEFAULT}, at most ${PAGE_MAX})`);

function pageOfPeople<T>(all: T[], cursor: string | undefined, limit: number | undefined) {
  const page = pageOf(cursor, limit ?? PAGE_DEFAULT);
  const size = Math.min(page.pageSize, PAGE_MAX);
  const start = (page.page - 1) * size;
  return {
    items: all.slice(start, start + size),
    total: all.length,
    next_cursor: nextCursor({ page: page.page, pageSize: size }, all.length),
  };
}

export const familyTool = defineTool({
  name: 'family',
  title: 'A contact’s family',
  description: `The people linked to a contact by family ties (partner, spouse, parent, child, sibling, relative) and theirs in turn, up to three links out and 60 people, nearest first. Answers {contact: {id, name}, people: [{id, type (contact|person: a person is a name kept on a link, not a contact), name, relation ("spouse", "child of Bo"), distance (1-3), generation (-1 parents, 1 children, null unknown), birthday: {month, day, year, age, next_on} | null, note}], total, truncated, next_cursor}; ${PAGE_DEFAULT} per page by default. A token limited to some contacts is refused (insufficient_scope): a family crosses contacts it may not see.`,
  needs: 'contacts:read',
  input: { contact_id: contactId, cursor: cursorSchema.optional(), limit: circleLimit },
  run: async ({ deps, user }, input) => {
    const family = await familyOf(deps.store, input.contact_id, localDate(new Date(), user.time_zone));
    const { items, total, next_cursor } = pageOfPeople(family.members, input.cursor, input.limit);
    const people = items.map((m) => ({
      id: m.id,
      type: m.type,
      name: m.name,
      relation: m.relation,
      distance: m.distance,
      generation: m.generation,
      birthday: m.birthday,
      note: m.note,
    }));
    return { contact: family.contact, people, total, truncated: family.truncated, next_cursor };
  },
});

export const neighbourhoodTool = defineTool({
  name: 'neighbourhood',
  title: 'The people around a contact',
  description: `The people around a contact, two links out (any relationship): at most 12 linked to them (ring 1) and 16 linked to those (ring 2, each with "via", the ring-1 person they are linked through). Answers {contact: {id, name}, people: [{id, type (contact|person), name, ring (1|2), via: {id, name} | null, relation (what they are to the contact, or to "via": "colleague", "child")}], total, left_out (linked but not listed), next_cursor}; ring 1 first, ${PAGE_DEFAULT} per page by default. A token limited to some contacts is refused (insufficient_scope).`,
  needs: 'contacts:read',
  input: { contact_id: contactId, cursor: cursorSchema.optional(), limit: circleLimit },
  run: async ({ deps }, input) => {
    const view = await neighbourhoodOf(deps.store, input.contact_id);
    const names = new Map(view.nodes.map((n) => [n.id, n.name]));
    const all = view.nodes
      .filter((n) => n.ring > 0)
      .map((n) => {
        const from = n.parent ?? view.contact.id;
        return {
          id: n.id,
          type: n.type,
          name: n.name,
          ring: n.ring,
          via: n.parent ? { id: n.parent, name: names.get(n.parent) ?? '' } : null,
          relation: view.edges.find((e) => e.from === from && e.to === n.id)?.relation ?? null,
        };
      });
    const { items, total, next_cursor } = pageOfPeople(all, input.cursor, input.limit);
    return { contact: view.contact, people: items, total, left_out: view.left_out.first + view.left_out.second, next_cursor };
  },
});
