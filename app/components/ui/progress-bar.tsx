/**
 * A determinate progress bar. The native element draws its own fill from value and max, so
 * no width is written as a style attribute (the page CSP allows none).
 */
export function ProgressBar({
  label,
  value,
  total,
  className = 'h-2',
}: {
  label: string;
  value: number;
  total: number;
  className?: string;
}) {
  // An empty total draws an empty bar, not a full one.
  const end = Math.max(total, 1);
  return (
    <progress
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={total}
      value={value}
      max={end}
      className={`block w-full appearance-none overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-800 [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width] ${className}`}
    />
  );
}
