import type { UserStore } from '../../db/stores';
import { limitOfDb } from '../auth/contact-limit';
import { AppError } from '../errors';
import type { RelationshipKind } from '../relationships/relationship-kinds';
import { assertContactExists } from '../timeline/list-timeline';
import { peopleOfWalk, tiesOf, type TieRow, type WalkPersonRow } from './intro-path-queries';
import type { IntroEvidence, IntroPath, IntroPerson, IntroStep } from './intro-path-view';

// Who can introduce you to a contact (ADR 041): the people you know who know them (two hops:
// you, the introducer, them) or who know someone who does (three), through explicit
// relationships, a shared organization or a small shared group. The walk goes out from the
// target two hops, one batch of indexed, bounded queries each, then reads the people found by
// primary key: four round trips whatever the network's size.

/** How much a tie says about two people knowing each other well enough for an introduction. */
const TIE_WEIGHT: Record<TieRow['type'], number> = { relationship: 1, organization: 0.6, group: 0.5 };
/** A third hop is a favour asked of a friend of a friend. */
const LONGER_PATH = 0.5;
/** The first hop's people walked further, and the ties read per type and hop. */
const FRONTIER = 300;
const TIES_PER_HOP = 5000;

const WORD: Record<Exclude<RelationshipKind, 'custom' | 'introducer' | 'introduced'>, string> = {
  partner: 'partner',
  spouse: 'spouse',
  parent: 'parent',
  child: 'child',
  sibling: 'sibling',
  relative: 'relative',
  friend: 'friend',
  colleague: 'colleague',
  manager: 'manager',
  report: 'report',
  mentor: 'mentor',
  mentee: 'mentee',
};

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** A tie in words, `to` being what the row says it is to `from`. */
function evidenceOf(tie: TieRow, name: (id: string) => string): IntroEvidence {
  const from = name(tie.from_id);
  const to = name(tie.to_id);
  if (tie.type === 'organization') return { type: 'organization', text: `${from} and ${to} are both at ${tie.what}` };
  if (tie.type === 'group') return { type: 'group', text: `${from} and ${to} are both in “${tie.what}” (${tie.label})` };
  const kind = tie.what as RelationshipKind;
  if (kind === 'introducer') return { type: 'relationship', text: `${to} introduced you to ${from}` };
  if (kind === 'introduced') return { type: 'relationship', text: `${from} introduced you to ${to}` };
  return { type: 'relationship', text: `${to} is ${from}’s ${kind === 'custom' ? (tie.label ?? 'relation') : WORD[kind]}` };
}

interface Pair {
  weight: number;
  /** One tie per kind of evidence, as first read. */
  ties: Map<string, TieRow>;
}

function addTie(pairs: Map<string, Pair>, tie: TieRow): void {
  const key = pairKey(tie.from_id, tie.to_id);
  const pair = pairs.get(key) ?? { weight: 0, ties: new Map() };
  pair.weight = Math.max(pair.weight, TIE_WEIGHT[tie.type]);
  // Both sides of a relationship are read: one of them is enough.
  const what = tie.type === 'relationship' ? `r:${[tie.from_id, tie.to_id].sort().join('|')}` : `${tie.type}:${tie.what}`;
  if (!pair.ties.has(what)) pair.ties.set(what, tie);
  pairs.set(key, pair);
}

/** Refuses a token limited to some contacts: a walk reads the whole network (ADR 073). */
export const notLimited = (store: UserStore) => {
  if (limitOfDb(store.db))
    throw new AppError(
      'insufficient_scope',
      'This access token is limited to some contacts, so it cannot walk your whole network for introductions',
    );
};

/** The best paths to the contact `targetId`, one per introducer, best first. */
export async function introPaths(store: UserStore, targetId: string, limit: number): Promise<{ target: IntroPerson; paths: IntroPath[] }> {
  notLimited(store);
  await assertContactExists(store.db, store.userId, targetId);
  const { paths, name } = await walkTo(store, [targetId], limit);
  return { target: { id: targetId, name: name(targetId) }, paths };
}

/**
 * The best paths to any of `targets` (the people at an organization), one per introducer, best
 * first; a target introduces no one, and a path ends at the target its last tie is strongest to.
 */
export async function walkTo(
  store: UserStore,
  targets: string[],
  limit: number,
): Promise<{ paths: IntroPath[]; name: (id: string) => string }> {
  notLimited(store);
  const targetSet = new Set(targets);
  const pairs = new Map<string, Pair>();
  const first = (await tiesOf(store, targets, TIES_PER_HOP)).filter((t) => !targetSet.has(t.to_id));
  for (const tie of first) addTie(pairs, tie);
  // Each first-hop person's strongest tie to a target, which their paths end at.
  const reaches = new Map<string, { target: string; weight: number }>();
  for (const tie of first) {
    const weight = pairs.get(pairKey(tie.to_id, tie.from_id))!.weight;
    const held = reaches.get(tie.to_id);
    if (!held || weight > held.weight) reaches.set(tie.to_id, { target: tie.from_id, weight });
  }
  // Explicit relationships first when the frontier is cut.
  const near = [...new Set([...first].sort((a, b) => TIE_WEIGHT[b.type] - TIE_WEIGHT[a.type]).map((t) => t.to_id))].slice(0, FRONTIER);
  const nearSet = new Set(near);
  const second = (await tiesOf(store, near, TIES_PER_HOP)).filter((t) => !targetSet.has(t.to_id) && t.from_id !== t.to_id);
  for (const tie of second) addTie(pairs, tie);

  const candidates: { introducer: string; chain: string[]; weight: number }[] = [];
  for (const a of near) {
    const { target, weight } = reaches.get(a)!;
    candidates.push({ introducer: a, chain: [a, target], weight });
  }
  for (const tie of second) {
    if (!nearSet.has(tie.from_id)) continue;
    const [b, a] = [tie.to_id, tie.from_id];
    const { target, weight } = reaches.get(a)!;
    candidates.push({ introducer: b, chain: [b, a, target], weight: pairs.get(pairKey(b, a))!.weight * weight * LONGER_PATH });
  }
  const people = await peopleOfWalk(store, [...new Set([...targets, ...candidates.flatMap((c) => c.chain)])]);
  const name = (id: string) => people.get(id)?.full_name ?? '';
  const person = (id: string): IntroPerson => ({ id, name: name(id) });
  const best = new Map<string, { score: number; chain: string[]; who: WalkPersonRow }>();
  for (const c of candidates) {
    const who = people.get(c.introducer);
    if (!who || who.priority === 'archived') continue;
    // Your own tie to the introducer counts most; +1 so ties still rank people you never scored.
    const score = Math.round((who.relationship_score + 1) * c.weight * 100) / 100;
    const held = best.get(c.introducer);
    if (!held || score > held.score || (score === held.score && c.chain.length < held.chain.length))
      best.set(c.introducer, { score, chain: c.chain, who });
  }
  const paths = [...best.values()]
    .sort((x, y) => y.score - x.score || x.chain.length - y.chain.length || x.who.full_name.localeCompare(y.who.full_name))
    .slice(0, limit)
    .map(({ score, chain, who }): IntroPath => {
      const steps: IntroStep[] = chain.slice(0, -1).map((from, i) => ({
        from: person(from),
        to: person(chain[i + 1]!),
        evidence: [...pairs.get(pairKey(from, chain[i + 1]!))!.ties.values()].map((t) => evidenceOf(t, name)),
      }));
      return {
        score,
        hops: chain.length as 2 | 3,
        introducer: { ...person(who.id), relationship_score: who.relationship_score, last_interaction_at: who.last_interaction_at },
        steps,
      };
    });
  return { paths, name };
}
