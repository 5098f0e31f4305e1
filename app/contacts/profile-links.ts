/**
 * Where a contact's handles open. Stored values come from imports as well as forms, so only an
 * http(s) URL is used as it is; anything else is treated as a handle or slug and escaped.
 */
const isWebUrl = (value: string) => /^https?:\/\//i.test(value.trim());
const bare = (handle: string) => encodeURIComponent(handle.trim().replace(/^@/, ''));

export const linkedInHref = (value: string) => (isWebUrl(value) ? value.trim() : `https://www.linkedin.com/in/${bare(value)}`);
export const xHref = (handle: string) => `https://x.com/${bare(handle)}`;
export const telegramHref = (username: string) => `https://t.me/${bare(username)}`;
/** A dialable tel: URL: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const mailtoHref = (email: string) => `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;
