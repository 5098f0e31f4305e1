import { command, type OnRecord } from '../command';
import { createRelationshipSchema, updateRelationshipSchema } from './relationship-input';
import { createRelationship, updateRelationship } from './relationships';

/** A link from the contact `id` to another contact or a lightweight person: POST /contacts/{id}/relationships and the People card. */
export const addRelationshipCommand = command(createRelationshipSchema, ({ deps, id }: OnRecord, input) =>
  createRelationship(deps.store, id, input),
);

/** The link `relationship_id` seen from the contact `id` changed (kind, labels, note, since). */
export const editRelationshipCommand = command(
  updateRelationshipSchema,
  ({ deps, id, relationship_id }: OnRecord & { relationship_id: string }, input) =>
    updateRelationship(deps.store, id, relationship_id, input),
);
