import * as Tooltip from '@radix-ui/react-tooltip';
import { useTapTooltip } from '../../components/ui/tap-tooltip';
import { scoreTone } from './score-badge';
import { bandOf } from './score-legend';

/**
 * A row's score badge that says what its number means: on hover, keyboard focus or a tap (a
 * second tap or Escape puts it away). For a badge outside a link; inside one, ScoreBadge.
 */
export function ExplainedScoreBadge({ score }: { score: number }) {
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
            <span className={`inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
              {score.toFixed(1)}
            </span>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-64 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
          >
            Relationship score, {bandOf(score).meaning}
            <Tooltip.Arrow className="fill-white dark:fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
