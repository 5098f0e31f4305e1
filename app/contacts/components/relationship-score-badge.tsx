import type { ScoreParts } from '../../../worker/domain/scoring/relationship-score';
import { TapScoreTooltip } from './tap-score-tooltip';

const PARTS: { key: keyof Omit<ScoreParts, 'score'>; label: string; max: number; why: string }[] = [
  { key: 'recency', label: 'Recency', max: 4, why: 'how recently they last wrote to you' },
  { key: 'frequency', label: 'Frequency', max: 3, why: 'how often you interact, recent ones weigh more' },
  { key: 'reciprocity', label: 'Reciprocity', max: 1.5, why: 'balance of messages in and out' },
  { key: 'breadth', label: 'Channels', max: 1, why: 'email, messaging, meetings…' },
  { key: 'tenure', label: 'Tenure', max: 0.5, why: 'how long you have known each other' },
];

/** The score badge; hovering, focusing or tapping it explains the parts of the score. */
export function RelationshipScoreBadge({ score, parts }: { score: number; parts: ScoreParts | null }) {
  return (
    <TapScoreTooltip
      score={score}
      pillWidth="min-w-10"
      contentClassName="z-50 w-72 rounded-md border border-slate-200 bg-white p-3 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="mb-2 font-semibold">Relationship score {score.toFixed(1)} / 10</p>
      {parts ? (
        <ul className="space-y-1">
          {PARTS.map((p) => (
            <li key={p.key} className="flex justify-between gap-3">
              <span>
                {p.label} <span className="text-slate-500">· {p.why}</span>
              </span>
              <span className="shrink-0 tabular-nums">
                {parts[p.key].toFixed(1)} / {p.max}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">No interactions yet. Notes, bio changes and read receipts do not count.</p>
      )}
    </TapScoreTooltip>
  );
}
