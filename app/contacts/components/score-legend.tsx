import { scoreTone } from './score-badge';

const BANDS = [
  { example: 8, meaning: '7 and up: strong, you talk often and both ways' },
  { example: 5, meaning: '4 to 7: warm' },
  { example: 2, meaning: 'under 4: cooling, time to reach out' },
  { example: 0, meaning: '0: no conversation seen yet (an imported contact starts here)' },
];

/** What a score's band says ("4 to 7: warm"). */
export const bandOf = (score: number) => BANDS[score >= 7 ? 0 : score >= 4 ? 1 : score > 0 ? 2 : 3]!;

/**
 * What the score badge means, one tap away beside the sort (a disclosure, not a hover title: it
 * works by touch and keyboard). The parts are relationship-score.ts's.
 */
export function ScoreLegend() {
  return (
    <details className="relative text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 text-brand-700 hover:underline dark:text-brand-100">
        What is the score?
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-80 max-w-[calc(100vw-2rem)] space-y-2 rounded-md border border-slate-200 bg-white p-3 text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <p>
          The relationship score (0 to 10) grows with recent replies, frequent conversations, talk in both directions, several channels and
          time known, and fades when you stop talking.
        </p>
        <ul className="space-y-1" aria-label="Score bands">
          {BANDS.map((band) => (
            <li key={band.example} className="flex items-center gap-2">
              <span
                className={`inline-flex min-w-8 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${scoreTone(band.example)}`}
              >
                {band.example.toFixed(1)}
              </span>
              {band.meaning}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
