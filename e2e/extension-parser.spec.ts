import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';

// The extension's content-script parser, run in real Chromium against a saved LinkedIn
// messaging page, and the batch sender against a stand-in for Kith.
const fixture = readFileSync(new URL('../tests/fixtures/linkedin/thread.html', import.meta.url), 'utf8');

async function bundle(entry: string, globalName: string): Promise<string> {
  const out = await build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    globalName,
    write: false,
    target: 'chrome120',
  });
  return out.outputFiles[0]!.text;
}

describe('browser extension', () => {
  let browser: Browser;
  let page: Page;
  before(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  after(async () => browser?.close());

  it('reads the participant and every message of a LinkedIn thread page', async () => {
    await page.setContent(fixture);
    await page.addScriptTag({ content: await bundle('../extension/src/parse-conversation.ts', 'KithParser') });
    const conversation = await page.evaluate(() => {
      const w = window as unknown as { KithParser: { parseConversation: (d: Document, u: string, now: Date) => unknown } };
      return w.KithParser.parseConversation(
        document,
        'https://www.linkedin.com/messaging/thread/2-ZmY3NjQ0/',
        new Date(2026, 10, 22, 12, 0),
      );
    });
    const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo, d, h, mi).toISOString();
    assert.deepEqual(conversation, {
      id: 'urn:li:msg_conversation:2-ZmY3NjQ0',
      participant: {
        name: 'Priya Raman',
        profile_url: 'https://www.linkedin.com/in/priya-raman-42a1b3/',
        headline: 'VP Engineering at Orbit · Berlin',
        avatar_url: 'https://media.licdn.com/dms/image/v2/D4E03AQ/profile-displayphoto-shrink_100_100/0/1700000000000?e=1&v=beta',
      },
      messages: [
        {
          id: 'urn:li:msg_message:(urn:li:fsd_profile:ACoAA,2-MTcwMDAwMDAwMDAwMA==)',
          direction: 'in',
          sent_at: local(2026, 10, 20, 9, 0),
          body: 'Hi! Great to connect after the Berlin meetup.',
        },
        {
          id: 'urn:li:msg_message:(urn:li:fsd_profile:ACoBB,2-MTcwMDAwMDAwMDAwMQ==)',
          direction: 'out',
          sent_at: local(2026, 10, 20, 9, 5),
          body: 'Likewise!\nCoffee next week?',
        },
        {
          id: 'urn:li:msg_message:(urn:li:fsd_profile:ACoBB,2-MTcwMDAwMDAwMDAwMg==)',
          direction: 'out',
          sent_at: local(2026, 10, 20, 9, 5),
          body: 'Tuesday works for me.',
        },
        {
          id: 'urn:li:msg_message:(urn:li:fsd_profile:ACoAA,2-MTcwMDAwMDAwMDAwMw==)',
          direction: 'in',
          sent_at: local(2026, 10, 22, 14, 30),
          body: 'Perfect, see you then ☕',
        },
      ],
    });
  });

  it('finds no conversation outside a thread page', async () => {
    await page.setContent(fixture);
    await page.addScriptTag({ content: await bundle('../extension/src/parse-conversation.ts', 'KithParser') });
    const none = await page.evaluate(() =>
      (window as unknown as { KithParser: { parseConversation: (d: Document, u: string) => unknown } }).KithParser.parseConversation(
        document,
        'https://www.linkedin.com/feed/',
      ),
    );
    assert.equal(none, null);
  });

  it('reads day headings: weekdays, dates of last year and times', async () => {
    const { parseDayHeading, atTime } = await import('../extension/src/parse-conversation.ts');
    const now = new Date(2026, 10, 22, 12, 0); // a Sunday
    assert.deepEqual(parseDayHeading('Yesterday', now), new Date(2026, 10, 21));
    assert.deepEqual(parseDayHeading('Monday', now), new Date(2026, 10, 16));
    assert.deepEqual(parseDayHeading('Dec 24', now), new Date(2025, 11, 24));
    assert.deepEqual(parseDayHeading('Mar 3, 2024', now), new Date(2024, 2, 3));
    assert.equal(parseDayHeading('gibberish', now), null);
    assert.deepEqual(atTime(new Date(2026, 0, 1), '12:15 AM'), new Date(2026, 0, 1, 0, 15));
    assert.deepEqual(atTime(new Date(2026, 0, 1), '12:15 PM'), new Date(2026, 0, 1, 12, 15));
  });

  it('sends conversations to Kith in batches of 20 with the token', async () => {
    const { sendConversations } = await import('../extension/src/send-batch.ts');
    const calls: { url: string; auth: string | null; count: number }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, auth: new Headers(init.headers).get('authorization'), count: JSON.parse(String(init.body)).conversations.length });
      return new Response(JSON.stringify({ data: { messages_logged: 2 } }), { status: 200 });
    }) as unknown as typeof fetch;
    const conversation = { id: 'c', participant: { name: 'A', profile_url: null, headline: null, avatar_url: null }, messages: [] };
    const result = await sendConversations(
      { kithUrl: 'https://kith.example/', token: 'kith_abc' },
      Array(45).fill(conversation),
      fakeFetch,
    );
    assert.deepEqual(
      calls.map((c) => c.count),
      [20, 20, 5],
    );
    assert.equal(calls[0]!.url, 'https://kith.example/api/v1/extension/linkedin/conversations');
    assert.equal(calls[0]!.auth, 'Bearer kith_abc');
    assert.equal(result.logged, 6);
    const refused = (async () =>
      new Response(JSON.stringify({ error: { message: 'The access token is invalid or revoked' } }), {
        status: 401,
      })) as unknown as typeof fetch;
    await assert.rejects(sendConversations({ kithUrl: 'https://k', token: 'x' }, [conversation], refused), /invalid or revoked/);
  });
});
