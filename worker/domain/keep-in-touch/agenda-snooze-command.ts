import { command } from '../command';
import { snoozeAgendaItem, type OnAgendaItem } from './agenda-actions';
import { snoozeInputSchema } from './calendar-date-input';

/**
 * The agenda item `type`/`id` hidden until a later date, named in full (a day, a week, a month,
 * a date or a number of days): POST /agenda/{type}/{id}/snooze, POST /followups/{id}/snooze and
 * the agenda forms on Home and the contact page.
 */
export const snoozeAgendaItemCommand = command(snoozeInputSchema, ({ deps, user, type, id }: OnAgendaItem, input) =>
  snoozeAgendaItem(deps.db, user, type, id, input),
);
