import type { UserStore } from '../../db/stores';
import { AppError } from '../errors';
import { peopleOfWalk } from './intro-path-queries';
import { introPaths } from './intro-paths';
import type { IntroPath, IntroPerson } from './intro-path-view';

// "Ask Cy for an intro" (#45): the path an AI draft asks the introducer about is found again by
// the walk (ADR 041), never taken from the caller, so the draft states only evidence Kith holds.

/** How far down the target's ranking the introducer may be. */
const PATHS_READ = 50;

/** The path through `introducerId` to `targetId`: its steps name who knows whom, and why. */
export async function introPathThrough(store: UserStore, introducerId: string, targetId: string): Promise<IntroPath> {
  if (introducerId === targetId)
    throw new AppError('invalid_request', 'A contact cannot introduce you to themselves', { field: 'intro_to' });
  const { target, paths } = await introPaths(store, targetId, PATHS_READ);
  const path = paths.find((p) => p.introducer.id === introducerId);
  if (!path)
    throw new AppError('not_processable', `Kith knows of no way this contact could introduce you to ${target.name || 'them'}`, {
      field: 'intro_to',
    });
  return path;
}

/** The path as the draft's prompt reads it: names and evidence in words. */
export function introForPrompt(path: IntroPath, target: { title: string | null; company: string | null }) {
  const last = path.steps.at(-1)!.to;
  return {
    target: { full_name: last.name, title: target.title, company: target.company },
    through: path.hops === 3 ? path.steps[1]!.from.name : null,
    path: path.steps.map((step) => ({ from: step.from.name, to: step.to.name, evidence: step.evidence.map((e) => e.text) })),
  };
}

/** The person a contact page was opened to ask an introduction to (`?intro_to=`), or null when not one of the user's. */
export async function introTargetOf(store: UserStore, id: string | null): Promise<IntroPerson | null> {
  if (!id || id.length > 64) return null;
  const found = (await peopleOfWalk(store, [id])).get(id);
  return found ? { id: found.id, name: found.full_name } : null;
}
