const styles: Record<string, string> = {
  high: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
  medium: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  low: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  archived: 'bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-500',
};

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ${styles[priority] ?? styles.low}`}>
      {priority}
    </span>
  );
}
