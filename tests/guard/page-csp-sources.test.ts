import { describe, expect, it } from 'vitest';
import toastsSource from '../../node_modules/sonner/dist/index.mjs?raw';
import { TOASTS_STYLESHEET_HASHES } from '../../worker/security-headers';

// Issue #41 item 9: the page CSP allows no inline styles. A style attribute rendered by the
// server is blocked (and reported), so the element silently loses its look; a stylesheet a
// library writes at run time passes only by the page's nonce or its hash.

const components = import.meta.glob<string>('../../app/**/*.tsx', { query: '?raw', import: 'default', eager: true });

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

describe('what the page CSP allows', () => {
  it('no component writes a style attribute (use a class, or a native element like <progress>)', () => {
    const found = Object.entries(components).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => (/\sstyle=\{/.test(line) ? [`${file.replace('../../', '')}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("allows the toasts' stylesheet by the hash of the installed version", async () => {
    const written = /__insertCSS\("((?:[^"\\]|\\.)*)"\);/.exec(toastsSource);
    expect(written, 'sonner no longer writes its stylesheet with __insertCSS: look at how it styles toasts now').not.toBeNull();
    const css = JSON.parse(`"${written![1]}"`) as string;
    // The <style> goes into the page empty, then gets its text: the browser checks both.
    expect([`'sha256-${await sha256Base64('')}'`, `'sha256-${await sha256Base64(css)}'`]).toEqual(TOASTS_STYLESHEET_HASHES);
  });
});
