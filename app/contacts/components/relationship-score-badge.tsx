import * as Tooltip from '@radix-ui/react-tooltip';
import { useTapTooltip } from '../../components/ui/tap-tooltip';
import type { ScoreParts } from '../../../worker/domain/scoring/relationship-score';
import { scoreTone } from './score-badge';

const PARTS: { key: keyof Omit<ScoreParts, 'score'>; label: string; max: number; why: string }[] = [
  { key: 'recency', label: 'Recency', max: 4, why: 'how recently they last wrote to you' },
  { key: 'frequency', label: 'Frequency', max: 3, why: 'how often you interact, recent ones weigh more' },
  { key: 'reciprocity', label: 'Reciprocity', max: 1.5, why: 'balance of messages in and out' },
  { key: 'breadth', label: 'Channels', max: 1, why: 'email, messaging, meetings…' },
  { key: 'tenure', label: 'Tenure', max: 0.5, why: 'how long you have known each other' },
];

/** The score badge; hovering, focusing or tapping it explains the parts of the score. */
export function RelationshipScoreBadge({ score, parts }: { score: number; parts: ScoreParts | null }) {
  const tap = useTapTooltip();
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root {...tap.root}>
        <Tooltip.Trigger asChild {...tap.trigger}>
          <button
            type="button"
            aria-label={`Relationship score ${score.toFixed(1)} of 10`}
            className="inline-flex items-center justify-center rounded-full max-sm:min-h-11 max-sm:min-w-11"
          >
            {/* The pill keeps its size; on a phone the button around it is fingertip-sized. */}
            <span className={`inline-flex min-w-10 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
              {score.toFixed(1)}
            </span>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 w-72 rounded-md border border-slate-200 bg-white p-3 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
            <Tooltip.Arrow className="fill-white dark:fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
