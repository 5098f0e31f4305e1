/** Whether the database answers a trivial query: the health check's readiness probe. */
export async function databaseAnswers(d1: D1Database): Promise<boolean> {
  const row = await d1.prepare('SELECT 1 AS one').first<{ one: number }>();
  return row?.one === 1;
}
