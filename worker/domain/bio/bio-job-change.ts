import type { LifeEventRow } from '../../db/schema';
import { nowIso } from '../../db/columns';
import { foldText } from '../folding';
import { fieldChangeProposals } from '../life-events/field-change-proposals';
import { LIFE_EVENT_LIMITS } from '../life-events/life-event-kinds';
import type { BioSources } from './bio-sources';
import type { Extraction } from './extraction-answer';

/** A job the bios state that differs from the card's (issue 46): what changes, and the line that says so. */
export interface BioJobChange {
  /** The new company, when the bios name another one than the card. */
  company: string | null;
  /** The new title, when the bios state another one than the card. */
  title: string | null;
  /** The bio line that states it, word for word: the event's evidence. */
  evidence: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bios' lines and sentences ("Head of BD at LoopFi. Ex-Google." is two). */
const bioLines = (sources: BioSources) =>
  Object.values(sources.bios).flatMap((bio) =>
    (bio ?? '')
      .split(/\n|(?<=[.!?])\s+/)
      .map((line) => line.trim())
      .filter(Boolean),
  );

/** The first bio line that holds every value as whole words (folded), or null. */
function lineSaying(lines: string[], values: string[]): string | null {
  const patterns = values.map((v) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(foldText(v))}(?:$|[^\\p{L}\\p{N}])`, 'u'));
  return lines.find((line) => patterns.every((p) => p.test(foldText(line)))) ?? null;
}

const differs = (a: string, b: string) => foldText(a).replace(/\s+/g, ' ') !== foldText(b).replace(/\s+/g, ' ');

/**
 * Where the bios say a different company or title than a card that has one, and a bio line says
 * it word for word, the change the wand proposes (ADR 058). The model's word alone is not enough:
 * a value no line states is not proposed, the same grounding rule as for names and messages.
 */
export function jobChangeOf(current: { title: string | null; company: string | null }, sources: BioSources, found: Extraction) {
  const lines = bioLines(sources);
  const company = current.company && found.company && differs(current.company, found.company) ? found.company : null;
  const title = current.title && found.title && differs(current.title, found.title) ? found.title : null;
  const companyLine = company ? lineSaying(lines, [company]) : null;
  const titleLine = title ? lineSaying(lines, [title]) : null;
  const grounded = { company: companyLine ? company : null, title: titleLine ? title : null };
  if (!grounded.company && !grounded.title) return null;
  const both = grounded.company && grounded.title ? lineSaying(lines, [grounded.company, grounded.title]) : null;
  return { ...grounded, evidence: (both ?? companyLine ?? titleLine)!.slice(0, LIFE_EVENT_LIMITS.evidence) } satisfies BioJobChange;
}

/**
 * The life event Apply records for a job change (accepted: the user said Apply after reading it),
 * worded as a field change's proposal ("New job at LoopFi as Head of BD", or "Now CTO at Acme"
 * for a new title alone), with the bio line as its evidence.
 */
export function jobChangeEvent(
  userId: string,
  contactId: string,
  before: { title: string | null; company: string | null },
  after: { title: string | null; company: string | null },
  change: BioJobChange,
  bioTitle: string | null,
): LifeEventRow | null {
  const now = nowIso();
  const [row] = fieldChangeProposals(userId, contactId, before, after, { source: 'bio' }, now);
  if (!row) return null;
  // A new company with a title the bios do not give: the old title is not known to go with it.
  const titleStated = Boolean(bioTitle && after.title && !differs(bioTitle, after.title));
  const summary = row.kind === 'new_job' && !titleStated ? `New job at ${after.company}` : row.summary;
  return { ...row, summary, status: 'accepted', evidence: change.evidence, decidedAt: now };
}
