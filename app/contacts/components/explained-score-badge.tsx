import { bandOf } from './score-legend';
import { TapScoreTooltip } from './tap-score-tooltip';

/**
 * A row's score badge that says what its number means: on hover, keyboard focus or a tap (a
 * second tap or Escape puts it away). A button cannot sit inside a link: it goes beside the row's link.
 */
export function ExplainedScoreBadge({ score }: { score: number }) {
  return (
    <TapScoreTooltip
      score={score}
      pillWidth="min-w-8"
      contentClassName="z-50 max-w-64 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
    >
      Relationship score, {bandOf(score).meaning}
    </TapScoreTooltip>
  );
}
