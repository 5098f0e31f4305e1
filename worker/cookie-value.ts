/** The value of the cookie `name` in a request's Cookie header; null when absent or empty. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of cookieHeader?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}
