import { parseConversation } from './parse-conversation';

// Runs on linkedin.com/messaging: whenever the open thread changes (LinkedIn is a single-page
// app and loads messages lazily), read it and hand it to the background worker.
let timer: ReturnType<typeof setTimeout> | undefined;
let lastSent = '';

function collect() {
  const conversation = parseConversation(document, location.href);
  if (!conversation || conversation.messages.length === 0) return;
  const fingerprint = `${conversation.id}:${conversation.messages.length}:${conversation.messages.at(-1)?.id}`;
  if (fingerprint === lastSent) return;
  lastSent = fingerprint;
  void chrome.runtime.sendMessage({ type: 'kith:conversations', conversations: [conversation] });
}

new MutationObserver(() => {
  clearTimeout(timer);
  timer = setTimeout(collect, 1500);
}).observe(document.body, { childList: true, subtree: true });
collect();
