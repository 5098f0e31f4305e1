import { as, json, type Session } from './client';
import { eventually } from './eventually';

/**
 * Until every contact of `me` with a place has been geocoded (a queue job, which may end after
 * the last write): a place is words of the search index only then.
 */
export async function untilEveryPlaceGeocoded(me: Session): Promise<void> {
  await eventually(
    async () =>
      (await json(await as(me, '/api/v1/contacts?page_size=100&priority=high&priority=medium&priority=low&priority=archived'))).data,
    (contacts: { geocode_status: string }[]) => contacts.every((c) => c.geocode_status !== 'pending'),
    'every place was geocoded',
    { timeoutMs: 20_000 },
  );
}
