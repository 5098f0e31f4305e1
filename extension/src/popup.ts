import { kithApi } from './kith-client';

// The popup: where the user pastes their Kith URL and a personal access token.
const form = document.querySelector<HTMLFormElement>('#settings')!;
const statusLine = document.querySelector<HTMLElement>('#status')!;
const urlInput = document.querySelector<HTMLInputElement>('#kith-url')!;
const tokenInput = document.querySelector<HTMLInputElement>('#token')!;

void chrome.storage.local.get(['kithUrl', 'token', 'lastStatus']).then((saved) => {
  urlInput.value = (saved.kithUrl as string) ?? '';
  tokenInput.value = (saved.token as string) ?? '';
  statusLine.textContent = (saved.lastStatus as string) ?? '';
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const kithUrl = urlInput.value.trim().replace(/\/+$/, '');
  const origin = new URL(kithUrl).origin;
  // The extension may only call the Kith server the user names.
  if (!(await chrome.permissions.request({ origins: [`${origin}/*`] }))) {
    statusLine.textContent = 'Kith needs permission to reach that URL.';
    return;
  }
  const token = tokenInput.value.trim();
  const res = await kithApi({ kithUrl, token })
    .me.$get()
    .catch(() => null);
  if (!res?.ok) {
    statusLine.textContent = res ? 'That token was refused. Create one in Kith → Settings.' : 'Could not reach Kith at that URL.';
    return;
  }
  await chrome.storage.local.set({ kithUrl, token });
  statusLine.textContent = 'Saved. Open a conversation on LinkedIn to sync it.';
});
