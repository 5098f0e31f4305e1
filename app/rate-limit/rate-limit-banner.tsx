import { Hourglass } from '../components/icons';
import { useRateLimit } from './rate-limit-context';

/** Shows the countdown while requests are rate limited; announced politely to screen readers. */
export function RateLimitBanner() {
  const { limited, secondsLeft } = useRateLimit();
  return (
    <div role="status" aria-live="polite" className={limited ? '' : 'sr-only'}>
      {limited ? (
        <div className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <Hourglass className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            Too many requests. You can try again in <strong data-testid="rate-limit-seconds">{secondsLeft}</strong>{' '}
            {secondsLeft === 1 ? 'second' : 'seconds'}.
          </span>
        </div>
      ) : null}
    </div>
  );
}
