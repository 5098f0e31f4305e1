/** Only same-site relative paths, so a crafted link cannot send a user elsewhere. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/home'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  return to;
}
