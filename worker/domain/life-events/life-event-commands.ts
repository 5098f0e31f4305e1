import { command, type OnRecord } from '../command';
import { acceptProposalSchema, createLifeEventSchema, updateLifeEventSchema } from './life-event-input';
import { acceptProposal } from './proposals';
import { createLifeEvent, updateLifeEvent } from './life-events';

/** An event the user adds to the contact `id`: POST /contacts/{id}/events and the Life section. */
export const addLifeEventCommand = command(createLifeEventSchema, ({ deps, id }: OnRecord, input) =>
  createLifeEvent(deps.store, id, input),
);

/** The event `event_id` of the contact `id` changed (kind, summary, date, yearly, evidence). */
export const editLifeEventCommand = command(updateLifeEventSchema, ({ deps, id, event_id }: OnRecord & { event_id: string }, input) =>
  updateLifeEvent(deps.store, id, event_id, input),
);

/** A proposal `id` accepted (corrected first when asked, with a reminder when asked): the API, the inbox and the Life section. */
export const acceptProposalCommand = command(acceptProposalSchema, ({ deps, id, contactId }: OnRecord & { contactId?: string }, input) =>
  acceptProposal(deps.store, id, input, contactId ?? null),
);
