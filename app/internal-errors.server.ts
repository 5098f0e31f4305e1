import type { EntryContext } from '@remix-run/cloudflare';

// Remix's own error responses (a POST to a page without an action, no such route) carry
// developer text naming internal route ids ("did not provide an `action` for route
// routes/_app.import"). The error boundary never shows it, but the page's hydration data
// (serverHandoffString) carried it to the browser. Before rendering, each such error keeps its
// status and loses its text (issue 41 item 9); errors our loaders throw on purpose are not
// `internal` and stay as they are.

type MaybeInternal = { internal?: unknown; status?: unknown; data?: unknown; error?: unknown } | null;

const isInternal = (e: MaybeInternal) => Boolean(e && e.internal === true && typeof e.status === 'number');

// Remix's own escaping of the hand-off (JSON escapes, so the string stays JSON).
const ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escapeHtml = (text: string) => text.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!);

export function withoutInternalErrorText(context: EntryContext): void {
  const errors = context.staticHandlerContext.errors as Record<string, MaybeInternal> | null | undefined;
  if (!errors || !Object.values(errors).some(isInternal)) return;
  for (const e of Object.values(errors))
    if (isInternal(e)) {
      e!.data = '';
      e!.error = undefined;
    }
  if (!context.serverHandoffString) return;
  const handoff = JSON.parse(context.serverHandoffString) as { state?: { errors?: Record<string, MaybeInternal> | null } };
  for (const e of Object.values(handoff.state?.errors ?? {}))
    if (isInternal(e)) {
      e!.data = '';
      delete e!.error;
    }
  context.serverHandoffString = escapeHtml(JSON.stringify(handoff));
}
