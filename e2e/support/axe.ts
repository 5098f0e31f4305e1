import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Pages e2e/pwa-and-a11y-audit runs axe and the sideways-scroll check on at 390×844, with more in
 * them (duplicates, a reminder and a birthday due, a score): e2e/accessibility audits them at its
 * desktop size and leaves them to that audit at its phone size (the same 390×844), which asserts
 * it visited every one. The map (configured there, not here), the contact page and the states
 * each reaches by acting stay audited by both.
 */
export const PAGES_AUDITED_AT_390 = ['home', 'contacts', 'new-contact', 'organizations', 'organization', 'tags', 'import', 'settings'];

/** The WCAG 2.1 A and AA rules: what Kith promises (the best-practice rules are advice). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; answers one line per violation, naming where. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugger protocol, which the app's CSP (rightly) does not let a script tag do.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;true`);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, WCAG_21_AA);
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`)
        .join('; ')}${v.nodes.length > 4 ? ` …and ${v.nodes.length - 4} more` : ''}`,
  );
}
