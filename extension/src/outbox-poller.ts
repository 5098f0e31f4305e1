import type { KithSettings, QueuedLinkedinMessage } from './kith-client';
import { claimQueued, reportOutcome } from './outbox-client';

/** What the profile page's script answers for one message, and what Kith is told. */
type SendOutcome = { status: 'sent' } | { status: 'failed'; error: string };

// The background side of sending: every minute, claim the messages queued in Kith, open each
// contact's profile in a background tab, let the profile page's script send it, report back.

const PROFILE = /^https:\/\/(www\.)?linkedin\.com\/in\/[^/?#]+/i;

function waitForTabLoaded(tabId: number, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      chrome.tabs.onUpdated.removeListener(listener);
      reject(new Error('The LinkedIn profile did not load'));
    }, timeoutMs);
    const listener = (id: number, info: { status?: string }) => {
      if (id !== tabId || info.status !== 'complete') return;
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(listener);
      resolve();
    };
    chrome.tabs.onUpdated.addListener(listener);
  });
}

async function sendOne(message: QueuedLinkedinMessage): Promise<SendOutcome> {
  if (!message.linkedin_url || !PROFILE.test(message.linkedin_url))
    return { status: 'failed', error: 'The contact has no LinkedIn profile URL' };
  const tab = await chrome.tabs.create({ url: message.linkedin_url, active: false });
  try {
    await waitForTabLoaded(tab.id);
    const answer = (await chrome.tabs.sendMessage(tab.id, { type: 'kith:send-linkedin', body: message.body })) as SendOutcome | undefined;
    return answer ?? { status: 'failed', error: 'The LinkedIn page did not answer' };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  } finally {
    await chrome.tabs.remove(tab.id).catch(() => undefined);
  }
}

let running = false;

/** One poll: claim, send one by one (LinkedIn frowns on bursts), report each outcome. */
export async function pollOutbox(settings: KithSettings): Promise<number> {
  if (running) return 0;
  running = true;
  try {
    const queued = await claimQueued(settings);
    for (const message of queued) await reportOutcome(settings, message.id, await sendOne(message));
    return queued.length;
  } finally {
    running = false;
  }
}
