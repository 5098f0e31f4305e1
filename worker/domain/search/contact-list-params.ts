import { z } from 'zod';
import { prioritySchema, sourceSchema, tagSchema } from '../contacts/contact-input';
import { localDateSchema } from '../keep-in-touch/calendar-date-input';
import { parseMapBox } from '../map/map-box';
import { CONTACT_SORTS, type ContactListQuery } from './contact-list-queries';
import { hasNul } from '../text-rules';
import { LIST_LIMITS } from './contact-list-limits';
import { recordIdSchema } from '../record-id';

/** A query parameter that may repeat (`tag=a&tag=b`): one value or many, always a list out. */
const repeatable = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[])
    .refine((v) => v.length <= max, `at most ${max} values`);

const score = z.coerce.number().min(LIST_LIMITS.scoreMin).max(LIST_LIMITS.scoreMax);

/** The list's query string (API.md GET /contacts): GET /contacts, /contacts/ids and the map read it (the page's own reader is list-state.ts, within the same LIST_LIMITS). */
export const contactListParams = {
  // Long and hostile strings are searched literally, never refused for their content.
  q: z
    .string()
    .max(LIST_LIMITS.query)
    .refine((s) => !hasNul(s), 'must not contain NUL characters')
    .optional(),
  /** Contacts whose location or geocoded place has these words: `place=Tokyo`. */
  place: z
    .string()
    .trim()
    .max(LIST_LIMITS.place)
    .refine((s) => !hasNul(s), 'must not contain NUL characters')
    .optional(),
  /** Contacts placed inside this map box, `minLng,minLat,maxLng,maxLat` (as the map's). */
  bbox: z
    .string()
    .max(LIST_LIMITS.box)
    .transform((text, ctx) => {
      const box = parseMapBox(text);
      if (typeof box === 'string') ctx.addIssue({ code: 'custom', message: box });
      return typeof box === 'string' ? z.NEVER : box;
    })
    .optional(),
  tag: repeatable(tagSchema, LIST_LIMITS.tags).optional(),
  source: repeatable(sourceSchema, LIST_LIMITS.sources).optional(),
  score_min: score.optional(),
  score_max: score.optional(),
  priority: repeatable(prioritySchema, LIST_LIMITS.priorities).optional(),
  /** Contacts due on or before this date (YYYY-MM-DD, your time zone): today's date gives what is due or overdue. */
  due_by: localDateSchema.optional(),
  /** Contacts linked to this contact by a relationship (partner, colleague, introduced by…): its id. */
  related_to: recordIdSchema.optional(),
  sort: z.enum(CONTACT_SORTS).default('-score'),
};

export const contactListParamsSchema = z.object(contactListParams);
export type ContactListParams = z.output<typeof contactListParamsSchema>;

/**
 * The list's filters without its map box and sort: what "show on map" carries from a filtered
 * list to the map, whose own box is the viewport.
 */
export const listFilterParams = {
  q: contactListParams.q,
  place: contactListParams.place,
  tag: contactListParams.tag,
  source: contactListParams.source,
  score_min: contactListParams.score_min,
  score_max: contactListParams.score_max,
  priority: contactListParams.priority,
  due_by: contactListParams.due_by,
  related_to: contactListParams.related_to,
};

export function toContactListQuery(
  params: Omit<ContactListParams, 'bbox' | 'sort'> & Partial<Pick<ContactListParams, 'bbox' | 'sort'>>,
): ContactListQuery {
  return {
    q: params.q,
    place: params.place || undefined,
    box: params.bbox,
    tags: params.tag,
    sources: params.source,
    scoreMin: params.score_min,
    scoreMax: params.score_max,
    priorities: params.priority,
    dueBy: params.due_by,
    relatedTo: params.related_to,
    sort: params.sort,
  };
}
