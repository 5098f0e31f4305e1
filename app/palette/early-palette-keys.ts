/**
 * Cmd/Ctrl+K pressed while the page is still loading its script (a slow phone, a cold start):
 * the palette's own listener is not there yet, so an inline script in the document keeps the
 * keystroke, and what is typed after it, until the palette mounts and takes them. Without it
 * the key was lost (or opened the browser's own search).
 */
interface EarlyKeys {
  palette: boolean;
  typed: string;
  taken: boolean;
}

const GLOBAL = '__kithEarlyKeys';

/** The inline script (run before the bundle; kept tiny and dependency-free). */
export const EARLY_KEYS_SCRIPT = `(function(){var k=window.${GLOBAL}={palette:false,typed:'',taken:false};function early(e){if(k.taken){removeEventListener('keydown',early,true);return}if((e.metaKey||e.ctrlKey)&&!e.altKey&&e.key&&e.key.toLowerCase()==='k'){e.preventDefault();k.palette=true;k.typed='';return}if(!k.palette||e.metaKey||e.ctrlKey||e.altKey)return;if(e.key.length===1){e.preventDefault();k.typed+=e.key}else if(e.key==='Backspace'){e.preventDefault();k.typed=k.typed.slice(0,-1)}else if(e.key==='Escape'){k.palette=false;k.typed=''}}addEventListener('keydown',early,true)})();`;

/** What the inline script kept, once: the palette mounted, so the script stands down. */
export function takeEarlyKeys(): { open: boolean; query: string } {
  const keys = (window as unknown as Record<string, EarlyKeys | undefined>)[GLOBAL];
  if (!keys || keys.taken) return { open: false, query: '' };
  keys.taken = true;
  return { open: keys.palette, query: keys.typed };
}
