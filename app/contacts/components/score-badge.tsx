/** A score's badge colours; each keeps white text at 4.5:1 or better (WCAG AA for small text). */
export const scoreTone = (score: number) =>
  score >= 7
    ? 'bg-emerald-700 text-white'
    : score >= 4
      ? 'bg-sky-700 text-white'
      : score > 0
        ? 'bg-slate-600 text-white'
        : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-white';
