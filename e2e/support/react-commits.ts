import type { Page } from 'playwright-core';

/** What the page's React did since the counter was installed or last read. */
export interface ReactCommits {
  commits: number;
  /** Components and elements mounted, by name ('#host' for DOM elements). */
  mounted: Record<string, number>;
  /** Components and elements drawn again with new props (not mounted, not skipped), by name. */
  rendered: Record<string, number>;
}

declare global {
  interface Window {
    __reactCommits?: ReactCommits;
  }
}

/**
 * Installed before the page's scripts (page.addInitScript): counts React's commits and what each
 * mounts, through the hook React DevTools uses, which React calls in production builds too. A
 * fiber is new when neither it nor its alternate was seen in an earlier commit. Counts are how a
 * journey checks work per key without timing it on a shared machine (#49).
 */
export function countReactCommits(): void {
  const seen = new WeakSet<object>();
  const seenProps = new WeakSet<object>();
  // Whether a props object is new since the last look (an element drawn with it in this commit).
  const isNew = (props: unknown) => {
    if (typeof props !== 'object' || props === null || seenProps.has(props)) return false;
    seenProps.add(props);
    return true;
  };
  const counts: ReactCommits = { commits: 0, mounted: {}, rendered: {} };
  window.__reactCommits = counts;
  type Fiber = { type: unknown; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; memoizedProps: unknown };
  const nameOf = (type: unknown): string | null => {
    if (typeof type === 'string') return '#host';
    if (typeof type === 'function') return (type as { displayName?: string }).displayName || type.name || null;
    if (type && typeof type === 'object') {
      const { displayName, render, type: inner } = type as { displayName?: string; render?: { name?: string }; type?: unknown };
      return displayName || render?.name || (inner ? nameOf(inner) : null);
    }
    return null;
  };
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      counts.commits++;
      const stack: Fiber[] = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop()!;
        if (!seen.has(fiber) && !(fiber.alternate && seen.has(fiber.alternate))) {
          seen.add(fiber);
          const name = nameOf(fiber.type);
          if (name) counts.mounted[name] = (counts.mounted[name] ?? 0) + 1;
        } else if (isNew(fiber.memoizedProps)) {
          // Drawn again in this commit: a skipped fiber keeps the props object it had.
          const name = nameOf(fiber.type);
          if (name) counts.rendered[name] = (counts.rendered[name] ?? 0) + 1;
        }
        isNew(fiber.memoizedProps);
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
    },
  };
}

/** The counts since the last read, and starts counting again. */
export async function takeReactCommits(page: Page): Promise<ReactCommits> {
  return page.evaluate(() => {
    const counts = window.__reactCommits;
    if (!counts) throw new Error('countReactCommits was not installed before the page loaded');
    const taken = { commits: counts.commits, mounted: { ...counts.mounted }, rendered: { ...counts.rendered } };
    counts.commits = 0;
    counts.mounted = {};
    counts.rendered = {};
    return taken;
  });
}
