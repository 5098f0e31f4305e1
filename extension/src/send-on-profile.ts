// Runs on a LinkedIn profile page (linkedin.com/in/*) the background worker opened to send a
// queued message: opens the message box from the profile's "Message" button, types the text
// and presses Send, like the user would. LinkedIn's markup changes; every step waits for its
// element and fails with a plain reason the timeline shows, never sends half a message.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T extends Element>(find: () => T | null | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not found on the LinkedIn page`);
    await sleep(300);
  }
}

const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;

function messageButton(): HTMLElement | null {
  const candidates = [...document.querySelectorAll<HTMLElement>('main button, main a')];
  return candidates.find((b) => visible(b) && /^message\b/i.test((b.getAttribute('aria-label') ?? b.textContent ?? '').trim())) ?? null;
}

function composeBox(): HTMLElement | null {
  const boxes = [
    ...document.querySelectorAll<HTMLElement>(
      '.msg-form__contenteditable[contenteditable="true"], div[role="textbox"][contenteditable="true"]',
    ),
  ];
  return boxes.filter(visible).at(-1) ?? null;
}

function sendButton(form: Element | null): HTMLButtonElement | null {
  const scope = form ?? document;
  const buttons = [...scope.querySelectorAll<HTMLButtonElement>('button.msg-form__send-button, button[type="submit"]')];
  return buttons.find((b) => visible(b) && !b.disabled) ?? null;
}

export async function sendOnProfilePage(body: string): Promise<void> {
  const open = await waitFor(messageButton, 'The "Message" button (are you connected with this person?)');
  open.click();
  const box = await waitFor(composeBox, 'The message box');
  box.focus();
  // insertText goes through LinkedIn's own input handling, so its Send button enables.
  document.execCommand('insertText', false, body);
  box.dispatchEvent(new InputEvent('input', { bubbles: true }));
  const send = await waitFor(() => sendButton(box.closest('form')), 'The Send button', 5_000);
  send.click();
  // The box empties once LinkedIn accepted the message.
  await waitFor(() => ((box.textContent ?? '').trim() === '' ? box : null), 'Confirmation that LinkedIn sent the message', 10_000);
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const m = message as { type?: string; body?: string };
  if (m.type !== 'kith:send-linkedin' || typeof m.body !== 'string') return;
  sendOnProfilePage(m.body).then(
    () => sendResponse({ status: 'sent' }),
    (error: unknown) => sendResponse({ status: 'failed', error: error instanceof Error ? error.message : String(error) }),
  );
  return true; // answers asynchronously
});
