import { json, type AppLoadContext } from '@remix-run/cloudflare';
import { countApiCall } from '../../../worker/domain/auth/api-caller';
import { RateLimitedError } from '../../../worker/domain/errors';
import { defaultListSort } from '../../../worker/domain/search/default-sort';
import { listContacts } from '../../../worker/domain/search/list-contacts';
import { organizationAskedFor } from '../../../worker/domain/intros/people-at-search';
import { relatedToName } from '../../../worker/domain/search/contact-list-filter-queries';
import { parseMapBox, type MapBox } from '../../../worker/domain/map/map-box';
import { listTags } from '../../../worker/domain/tags/tags';
import { listSmartLists } from '../../../worker/domain/smart-lists/smart-lists';
import { requireUser } from '../../auth/session.server';
import type { ContactListQuery } from '../../../worker/domain/search/contact-list-queries';
import { dueByOf } from './due-by';
import { readListState, type ListState } from './list-state';

/** The domain query of the page's list state, its "Due" filter read in the user's calendar. */
export function listQueryOf(state: ListState, timeZone: string): ContactListQuery {
  return {
    q: state.q,
    place: state.place || undefined,
    box: state.bbox ? (parseMapBox(state.bbox) as MapBox) : undefined,
    tags: state.tags,
    sources: state.sources,
    priorities: state.priorities,
    scoreMin: state.scoreMin ?? undefined,
    scoreMax: state.scoreMax ?? undefined,
    dueBy: dueByOf(state.due, timeZone),
    relatedTo: state.relatedTo || undefined,
    sort: state.sort,
  };
}

/**
 * The /contacts page's rows. The page searches as the user types, so it draws on the same
 * per-user budget as GET /api/v1/contacts; over the limit it answers 429 with Retry-After
 * (as data, so the page keeps its last results and shows the countdown).
 */
export async function loadContactList(request: Request, context: AppLoadContext) {
  const { user, deps } = await requireUser(request, context);
  // Every key typed pays these two before its search, so they wait on D1 side by side.
  const [defaultSort, counted] = await Promise.allSettled([
    defaultListSort(deps.store),
    countApiCall(deps.directory.db, deps.settings, user.id),
  ]);
  if (defaultSort.status === 'rejected') throw defaultSort.reason;
  const state = readListState(new URL(request.url).searchParams, defaultSort.value);
  if (counted.status === 'rejected') {
    const error: unknown = counted.reason;
    if (!(error instanceof RateLimitedError)) throw error;
    return json(
      { rateLimited: true as const, retryAfter: error.retryAfterSeconds, state },
      { status: 429, headers: { 'Retry-After': String(error.retryAfterSeconds), 'Cache-Control': 'no-store' } },
    );
  }
  const query = listQueryOf(state, user.time_zone);
  // "people at Stripe": the people the company's name finds, and who can introduce you there.
  const askedCompany = await organizationAskedFor(deps.store, state.q);
  if (askedCompany) query.q = askedCompany.name;
  const [{ items, total, spellings, exactTotal }, relatedName] = await Promise.all([
    listContacts(deps.db, user.id, query, { page: state.page, pageSize: state.pageSize }, deps.settings.BCC_DOMAIN),
    state.relatedTo ? relatedToName(deps.db, user.id, state.relatedTo) : null,
  ]);
  const contacts = items.map((c) => ({
    id: c.id,
    full_name: c.full_name,
    emails: c.emails,
    avatar_url: c.avatar_url,
    title: c.title,
    company: c.company,
    tags: c.tags,
    priority: c.priority,
    relationship_score: c.relationship_score,
    last_interaction_at: c.last_interaction_at,
    next_due: c.next_due,
  }));
  return json({
    rateLimited: false as const,
    contacts,
    total,
    spellings: spellings ?? null,
    exactTotal: exactTotal ?? null,
    state,
    relatedName,
    askedCompany,
  });
}

/** The tag menu offers the most used tags. */
const TAG_MENU_SIZE = 100;

/**
 * What the list's filters and side panel offer: the tags in use (with counts) and the saved
 * smart lists. Loaded by the list's layout, so typing a query does not recount every tag.
 */
export async function loadListFacets(request: Request, context: AppLoadContext) {
  const { user, deps } = await requireUser(request, context);
  const [tagsInUse, lists] = await Promise.all([listTags(deps.db, user.id, TAG_MENU_SIZE), listSmartLists(deps.db, user.id)]);
  return json({ tagsInUse, smartLists: lists.map(({ id, name, search }) => ({ id, name, search })) });
}
