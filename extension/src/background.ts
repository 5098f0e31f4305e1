import type { Conversation, KithSettings } from './kith-client';
import { pollOutbox } from './outbox-poller';
import { sendConversations } from './send-batch';

// Collects conversations from the content script and sends them to Kith a few seconds later
// in one batch, remembering the outcome for the popup.
let pending: Conversation[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush() {
  const batch = pending;
  pending = [];
  const { kithUrl, token } = (await chrome.storage.local.get(['kithUrl', 'token'])) as Partial<KithSettings>;
  if (!kithUrl || !token) {
    await chrome.storage.local.set({ lastStatus: 'Not set up: open the Kith extension and paste your Kith URL and token.' });
    return;
  }
  try {
    const { logged } = await sendConversations({ kithUrl, token }, batch);
    await chrome.storage.local.set({
      lastStatus: `Synced ${batch.length} conversation(s), ${logged} new message(s) at ${new Date().toLocaleTimeString()}`,
    });
  } catch (error) {
    await chrome.storage.local.set({ lastStatus: `Sync failed: ${error instanceof Error ? error.message : String(error)}` });
  }
}

chrome.runtime.onMessage.addListener((message) => {
  const m = message as { type?: string; conversations?: Conversation[] };
  if (m.type !== 'kith:conversations' || !m.conversations) return;
  for (const c of m.conversations) pending = [...pending.filter((p) => p.id !== c.id), c];
  clearTimeout(timer);
  timer = setTimeout(() => void flush(), 3000);
});

// Queued LinkedIn messages: poll Kith once a minute (src/outbox-poller.ts).
chrome.alarms.create('kith:outbox', { periodInMinutes: 1 });
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name !== 'kith:outbox') return;
  void (async () => {
    const { kithUrl, token } = (await chrome.storage.local.get(['kithUrl', 'token'])) as Partial<KithSettings>;
    if (!kithUrl || !token) return;
    try {
      const sent = await pollOutbox({ kithUrl, token });
      if (sent)
        await chrome.storage.local.set({ lastStatus: `Handled ${sent} queued LinkedIn message(s) at ${new Date().toLocaleTimeString()}` });
    } catch (error) {
      await chrome.storage.local.set({
        lastStatus: `Sending queued messages failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  })();
});
