import type { UserStore } from '../../db/stores';
import { newId, nowIso } from '../../db/columns';
import { runStatements } from '../../db/sql-batch';
import type { PersonRow, RelationshipRow } from '../../db/schema';
import { AppError, notFound } from '../errors';
import { isUniqueViolation } from '../contacts/identifiers';
import { assertContactExists } from '../timeline/list-timeline';
import type { CreateRelationshipInput, UpdateRelationshipInput } from './relationship-input';
import { INVERSE_KIND } from './relationship-kinds';
import {
  deleteRelationshipStatements,
  insertPerson,
  insertRelationshipRows,
  listedRelationship,
  ownContact,
  ownPerson,
  relationshipCount,
  relationshipSide,
  relationshipsPage,
  updateRelationshipSide,
} from './relationship-queries';
import { relationshipViewOf, type RelationshipView } from './relationship-view';

const alreadyLinked = () => new AppError('conflict', 'This contact already has this relationship with them');

/** A page of the contact's links, by the other's name, and how many it has. */
export async function listRelationships(
  store: UserStore,
  contactId: string,
  page: number,
  pageSize: number,
): Promise<{ items: RelationshipView[]; total: number }> {
  await assertContactExists(store.db, store.userId, contactId);
  const [rows, [count]] = await store.db.batch([
    relationshipsPage(store.db, store.userId, contactId, pageSize, (page - 1) * pageSize),
    relationshipCount(store.db, store.userId, contactId),
  ]);
  return { items: rows.map(relationshipViewOf), total: count?.total ?? 0 };
}

async function readLink(store: UserStore, contactId: string, id: string): Promise<RelationshipView> {
  const [row] = await listedRelationship(store.db, store.userId, contactId, id);
  if (!row) throw notFound('Relationship');
  return relationshipViewOf(row);
}

/**
 * Links the contact to another contact (both sides, one batch) or to a lightweight person
 * (one side). Another user's contact or person is not found, whatever its id.
 */
export async function createRelationship(store: UserStore, contactId: string, input: CreateRelationshipInput): Promise<RelationshipView> {
  const { db, userId } = store;
  await assertContactExists(db, userId, contactId);
  const now = nowIso();
  const id = newId();
  const label = input.kind === 'custom' ? (input.label ?? '') : '';
  const shared = { userId, id, note: input.note?.trim() || null, since: input.since ?? null, createdAt: now, updatedAt: now };
  const rows: RelationshipRow[] = [];
  let person: PersonRow | null = null;
  if (input.other_contact_id !== undefined) {
    if (input.other_contact_id === contactId) throw new AppError('not_processable', 'A contact cannot be related to itself');
    if (!(await ownContact(db, userId, input.other_contact_id))) throw notFound('Contact');
    rows.push(
      { ...shared, contactId, otherId: input.other_contact_id, otherType: 'contact', kind: input.kind, label },
      {
        ...shared,
        contactId: input.other_contact_id,
        otherId: contactId,
        otherType: 'contact',
        kind: INVERSE_KIND[input.kind],
        label: input.kind === 'custom' ? input.inverse_label || label : '',
      },
    );
  } else {
    const personId = input.person_id ?? newId();
    if (input.person_id !== undefined && !(await ownPerson(db, userId, input.person_id))) throw notFound('Person');
    if (input.person)
      person = { id: personId, userId, name: input.person.name, note: input.person.note?.trim() || null, createdAt: now, updatedAt: now };
    rows.push({ ...shared, contactId, otherId: personId, otherType: 'person', kind: input.kind, label });
  }
  try {
    await runStatements(db, [...(person ? [insertPerson(db, person)] : []), insertRelationshipRows(db, rows)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  return readLink(store, contactId, id);
}

/** Changes a link from either side; its other side changes with it (the inverse kind, the inverse label). */
export async function updateRelationship(
  store: UserStore,
  contactId: string,
  id: string,
  input: UpdateRelationshipInput,
): Promise<RelationshipView> {
  const { db, userId } = store;
  const mine = await relationshipSide(db, userId, contactId, id);
  if (!mine) throw notFound('Relationship');
  const kind = input.kind ?? mine.kind;
  const label = kind === 'custom' ? (input.label ?? (mine.kind === 'custom' ? mine.label : '')) : '';
  if (kind === 'custom' && !label)
    throw new AppError('invalid_request', 'A custom relationship needs a label', {
      issues: [{ path: 'label', message: 'a custom relationship needs a label' }],
    });
  if (kind !== 'custom' && (input.label || input.inverse_label))
    throw new AppError('invalid_request', 'Only a custom relationship takes a label', {
      issues: [{ path: input.label ? 'label' : 'inverse_label', message: 'only a custom relationship takes a label' }],
    });
  const shared = {
    ...(input.note !== undefined ? { note: input.note?.trim() || null } : {}),
    ...(input.since !== undefined ? { since: input.since } : {}),
    updatedAt: nowIso(),
  };
  const statements = [updateRelationshipSide(db, userId, id, contactId, { ...shared, kind, label })];
  if (mine.otherType === 'contact') {
    const theirs = await relationshipSide(db, userId, mine.otherId, id);
    const inverseLabel = kind !== 'custom' ? '' : (input.inverse_label ?? (input.label !== undefined ? label : theirs?.label || label));
    statements.push(updateRelationshipSide(db, userId, id, mine.otherId, { ...shared, kind: INVERSE_KIND[kind], label: inverseLabel }));
  }
  try {
    await runStatements(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyLinked();
    throw error;
  }
  return readLink(store, contactId, id);
}

/** Deletes a link from either side: both sides go, and a person nobody else is linked to. */
export async function deleteRelationship(store: UserStore, contactId: string, id: string): Promise<void> {
  const { db, userId } = store;
  if (!(await relationshipSide(db, userId, contactId, id))) throw notFound('Relationship');
  await runStatements(db, deleteRelationshipStatements(userId, id));
}
