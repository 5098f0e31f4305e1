import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { useTapTooltip } from '../../components/ui/tap-tooltip';
import { scoreTone } from './score-badge';

/**
 * A score pill in a fingertip-sized button whose tooltip opens on hover, keyboard focus or a tap
 * (a second tap or Escape puts it away); the badges differ only in what the tooltip says.
 */
export function TapScoreTooltip({
  score,
  pillWidth,
  contentClassName,
  children,
}: {
  score: number;
  pillWidth: string;
  contentClassName: string;
  children: ReactNode;
}) {
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
            <span className={`inline-flex ${pillWidth} justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
              {score.toFixed(1)}
            </span>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content sideOffset={6} collisionPadding={8} className={contentClassName}>
            {children}
            <Tooltip.Arrow className="fill-white dark:fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
