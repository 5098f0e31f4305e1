import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { useTapTooltip } from '../../components/ui/tap-tooltip';
import { scoreTone } from './score-badge';

/**
 * A score pill in a fingertip-sized button whose tooltip opens on hover, keyboard focus or a tap
 * (a second tap or Escape puts it away); the badges differ only in what the tooltip says. The
 * Radix tooltip is mounted only while open, positioned by a box over the button (docs/decisions/067).
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
  const tip = useTapTooltip();
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-label={`Relationship score ${score.toFixed(1)} of 10`}
        className="inline-flex items-center justify-center rounded-full max-sm:min-h-11 max-sm:min-w-11"
        {...tip.trigger}
      >
        {/* The pill keeps its size; on a phone the button around it is fingertip-sized. */}
        <span className={`inline-flex ${pillWidth} justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(score)}`}>
          {score.toFixed(1)}
        </span>
      </button>
      {tip.open ? (
        <Tooltip.Provider>
          <Tooltip.Root open onOpenChange={tip.onOpenChange}>
            <Tooltip.Trigger asChild>
              <span aria-hidden="true" className="pointer-events-none absolute inset-0" />
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content id={tip.contentId} sideOffset={6} collisionPadding={8} className={contentClassName} {...tip.content}>
                {children}
                <Tooltip.Arrow className="fill-white dark:fill-slate-900" />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      ) : null}
    </span>
  );
}
