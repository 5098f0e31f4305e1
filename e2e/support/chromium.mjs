// The Chromium both the browser journeys (e2e) and the page-load bench launch: the same
// binary and flags, so a bench figure and a journey see the same browser. Plain .mjs so the
// bench's Node scripts can import it as they are.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless on a shared machine without a GPU, talking to this machine only (no background network, updates or sync). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];
