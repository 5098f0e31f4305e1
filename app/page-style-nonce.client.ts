// Libraries that write a <style> while the page runs (a dialog's scroll lock, through
// get-nonce) take the page's CSP nonce from here. The page's scripts carry it; browsers hide
// it from their attributes but not from the `nonce` property.
declare global {
  interface Window {
    __webpack_nonce__?: string;
  }
}

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) window.__webpack_nonce__ = nonce;

export {};
