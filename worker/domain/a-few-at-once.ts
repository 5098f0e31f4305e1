/**
 * `work` for each item, at most `limit` running at once; the answers in the items' order. The
 * first failure rejects (work already started finishes on its own), as Promise.all does.
 */
export async function aFewAtOnce<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      answers[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return answers;
}
