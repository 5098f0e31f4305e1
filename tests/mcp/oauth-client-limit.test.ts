import { describe, expect, it } from 'vitest';
import { call, json, signUp } from '../support/client';
import { newToken } from '../support/mcp-client';
import { connectApp } from '../support/mcp-oauth';

// Issue 47 / ADR 042: each connected app has its own budget (MCP_CLIENT_RATE_LIMIT_PER_MINUTE,
// 25 in the tests), apart from the user's API limit: one runaway agent is stopped with a clear
// 429 while the user's other tools go on.

const BUDGET = 25;
const list = (token: string) =>
  call('/mcp', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
    json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });

describe("a connected app's own rate limit", () => {
  it('answers 429 with Retry-After and the app named once its budget is spent; other tools of the user go on', async () => {
    const me = await signUp();
    const app = await connectApp(me, 'Runaway agent');
    const other = await connectApp(me, 'Calm agent');
    const personal = (await newToken(me)).token;
    // Near a window's end the budget could restart mid-test: start at the beginning of one.
    const intoWindow = Math.floor(Date.now() / 1000) % 60;
    if (intoWindow > 45) await new Promise((resolve) => setTimeout(resolve, (61 - intoWindow) * 1000));

    const answers: Response[] = [];
    for (let i = 0; i <= BUDGET; i++) answers.push(await list(app.tokens.access_token));
    expect(answers.slice(0, BUDGET).every((res) => res.status === 200)).toBe(true);
    const refused = answers[BUDGET]!;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const { error } = await json(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain('“Runaway agent” has made its 25 requests for this minute');

    expect((await list(other.tokens.access_token)).status).toBe(200);
    expect((await list(personal)).status).toBe(200);
  }, 60_000);
});
