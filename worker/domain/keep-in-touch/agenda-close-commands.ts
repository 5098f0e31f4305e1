import { z } from 'zod';
import { command } from '../command';
import { closeAgendaItem, type OnAgendaItem } from './agenda-actions';

/**
 * Done on the agenda item `type`/`id`: a reminder or suggestion closes, a cadence due starts its
 * next round from today. POST /agenda/{type}/{id}/done and the Done buttons on Home and the contact page.
 */
export const markAgendaItemDoneCommand = command(z.object({}).strict(), ({ deps, user, type, id }: OnAgendaItem) =>
  closeAgendaItem(deps.db, user, type, id, 'done'),
);

/**
 * The agenda item `type`/`id` dismissed: POST /agenda/{type}/{id}/dismiss, POST /followups/{id}/dismiss
 * (a suggestion) and the Dismiss buttons on Home and the contact page, the suggestion forms' too.
 */
export const dismissAgendaItemCommand = command(z.object({}).strict(), ({ deps, user, type, id }: OnAgendaItem) =>
  closeAgendaItem(deps.db, user, type, id, 'dismissed'),
);
