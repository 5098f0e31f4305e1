import { command, type OnRecord } from '../command';
import { addContactDate, dateInputSchema, updateContactDate } from './important-dates';

/** A birthday, anniversary or custom date for the contact `id`: POST /contacts/{id}/dates and the contact page's dates card. */
export const addContactDateCommand = command(dateInputSchema, ({ deps, user, id }: OnRecord, input) =>
  addContactDate(deps.db, user.id, id, input, deps.writer),
);

/** The contact `id`'s date `date_id` changed in place: the contact page's dates card (the API has no edit; it deletes and adds). */
export const editContactDateCommand = command(dateInputSchema, ({ deps, user, id, date_id }: OnRecord & { date_id: string }, input) =>
  updateContactDate(deps.db, user.id, id, date_id, input, deps.writer),
);
