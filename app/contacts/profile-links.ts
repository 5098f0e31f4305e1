import { isWebUrl } from '../../worker/domain/web-url';

/**
 * Where a contact's handles open. Stored values come from imports as well as forms, so only an
 * http(s) URL is used as it is; anything else is treated as a handle or slug and escaped.
 */
const bare = (handle: string) => handle.trim().replace(/^@/, '');

export const linkedInHref = (value: string) =>
  isWebUrl(value) ? value.trim() : `https://www.linkedin.com/in/${encodeURIComponent(bare(value))}`;
export const xHref = (handle: string) => `https://x.com/${encodeURIComponent(bare(handle))}`;
export const telegramHref = (username: string) => `https://t.me/${encodeURIComponent(bare(username))}`;
/** A dialable tel: URL: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const mailtoHref = (email: string) => `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;

/** A handle as people write it: "@ada", whether it was stored with the @ or without. */
export const handleText = (handle: string) => `@${bare(handle)}`;
/** A profile URL without its scheme and "www.", as a link's text. */
export const urlText = (url: string) => url.trim().replace(/^https?:\/\/(www\.)?/i, '');
