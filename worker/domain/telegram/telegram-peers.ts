import { nowIso } from '../../db/columns';
import type { TelegramUser } from '../../providers/telegram/gateway-client';
import { SECOND_TIER_TAG } from '../bulk/second-tier';
import { contactCreateSchema, type ContactCreate } from '../contacts/contact-input';
import { normalizeHandle, normalizePhone } from '../contacts/normalize';
import { planContactUpserts } from '../contacts/upsert-contacts';
import type { Deps } from '../deps';
import { namesClearlyDiffer } from '../duplicates/names-differ';
import { enqueueGeocoding } from '../geocoding/enqueue-geocoding';
import { contactsWithIdentifiers, removeTagFrom } from './telegram-contact-queries';
import { contactsOfPeers, insertPeersIfNew, markPeersMessaged } from './telegram-peer-queries';

const CHUNK = 90;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** A Telegram user as a new Kith contact (source telegram). */
function contactInputOf(user: TelegramUser, tags: string[]): ContactCreate {
  const fallbackName = user.first_name || user.last_name || user.username ? {} : { first_name: `Telegram user ${user.id}` };
  const parsed = contactCreateSchema.safeParse(
    JSON.parse(
      JSON.stringify({
        first_name: user.first_name?.slice(0, 200) || undefined,
        last_name: user.last_name?.slice(0, 200) || undefined,
        telegram_username: user.username || undefined,
        phones: user.phone ? [`+${user.phone.replace(/\D/g, '')}`] : undefined,
        tags: tags.length ? tags : undefined,
        source: 'telegram',
        ...fallbackName,
      }),
    ),
  );
  return parsed.success ? parsed.data : { first_name: `Telegram user ${user.id}`, source: 'telegram', ...(tags.length ? { tags } : {}) };
}

export interface ResolveOptions {
  /** Create contacts for users Kith does not know yet (false: only match). */
  create: boolean;
  /** Tags for the contacts this creates ("2nd tier" for group participants). */
  tags?: string[];
}

/**
 * Which contact each Telegram user is: the peer row of an earlier sync, else a contact with
 * the same @username or phone, else (with `create`) a new contact. Remembers the answer in
 * telegram_peers. Returns Telegram id → contact id for the users it resolved.
 */
export async function resolvePeers(
  deps: Deps,
  userId: string,
  users: TelegramUser[],
  options: ResolveOptions,
): Promise<Map<string, string>> {
  const { db } = deps;
  const unique = [...new Map(users.filter((u) => !u.bot).map((u) => [u.id, u])).values()];
  const found = new Map<string, string>();
  for (const ids of chunks(unique.map((u) => u.id))) {
    const rows = await contactsOfPeers(db, userId, ids);
    for (const r of rows) found.set(r.peerId, r.contactId);
  }

  const unknown = unique.filter((u) => !found.has(u.id));
  const byIdentifier = new Map<string, { contactId: string; firstName: string | null; lastName: string | null }[]>();
  const keys = unknown.flatMap((u) => [
    ...(u.username ? [{ kind: 'telegram' as const, norm: normalizeHandle(u.username) }] : []),
    ...(u.phone ? [{ kind: 'phone' as const, norm: normalizePhone(`+${u.phone}`) }] : []),
  ]);
  for (const kind of ['telegram', 'phone'] as const) {
    for (const norms of chunks(keys.filter((k) => k.kind === kind).map((k) => k.norm))) {
      const rows = await contactsWithIdentifiers(db, userId, kind, norms);
      for (const r of rows) byIdentifier.set(`${kind}:${r.norm}`, [...(byIdentifier.get(`${kind}:${r.norm}`) ?? []), r]);
    }
  }
  const toCreate: TelegramUser[] = [];
  for (const u of unknown) {
    // A phone may be a family's or an office's (ADR 031): it is this user's contact only when
    // the names fit; otherwise they are someone else on that line.
    const name = { firstName: u.first_name, lastName: u.last_name };
    const match =
      (u.username && byIdentifier.get(`telegram:${normalizeHandle(u.username)}`)?.[0]?.contactId) ||
      (u.phone && byIdentifier.get(`phone:${normalizePhone(`+${u.phone}`)}`)?.find((c) => !namesClearlyDiffer(name, c))?.contactId);
    if (match) found.set(u.id, match);
    else if (options.create) toCreate.push(u);
  }

  if (toCreate.length) {
    const plan = await planContactUpserts(
      deps,
      userId,
      toCreate.map((u) => ({ input: contactInputOf(u, options.tags ?? []) })),
      'telegram',
    );
    if (plan.statements.length) await deps.store.d1.batch(plan.statements);
    await enqueueGeocoding(deps, userId, plan.geocode);
    toCreate.forEach((u, i) => found.set(u.id, plan.outcomes[i]!.contactId));
  }

  const now = nowIso();
  const fresh = unknown
    .filter((u) => found.has(u.id))
    .map((u) => ({ userId, peerId: u.id, contactId: found.get(u.id)!, lastMessageId: 0, messagedDirectly: false, updatedAt: now }));
  // 6 columns a row: 15 rows a statement stays under D1's 100 bound parameters.
  for (let i = 0; i < fresh.length; i += 15) await insertPeersIfNew(db, fresh.slice(i, i + 15));
  return found;
}

/**
 * SPEC §1: a contact the user exchanges direct messages with is no longer "2nd tier".
 * Marks their peers as messaged and removes the tag, in one batch.
 */
export async function markMessagedDirectly(deps: Deps, userId: string, contactIds: string[]): Promise<void> {
  const { db } = deps;
  for (const ids of chunks([...new Set(contactIds)])) {
    await db.batch([markPeersMessaged(db, userId, ids, nowIso()), removeTagFrom(db, userId, ids, SECOND_TIER_TAG)]);
  }
}
