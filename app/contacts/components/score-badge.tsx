export function ScoreBadge({ score }: { score: number }) {
  const tone = score >= 7 ? 'bg-emerald-600' : score >= 4 ? 'bg-sky-600' : score > 0 ? 'bg-slate-500' : 'bg-slate-300 dark:bg-slate-700';
  return (
    <span title="Relationship score (0–10)" className={`inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-xs font-semibold text-white ${tone}`}>
      {score.toFixed(1)}
    </span>
  );
}
