// A plain-text email as RFC 5322 (formerly 822) with MIME (RFC 2045-2047), built for the Gmail
// API's `raw` field. Our own small builder: the MIME libraries on npm either need Node's
// Buffer/streams or leave non-ASCII bodies unencoded. See docs/decisions/ (gmail-mime).

export interface MailAddress {
  name?: string | null;
  address: string;
}

export interface PlainEmail {
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  date?: Date;
  /** The Message-ID's right-hand side (a domain we may use). */
  messageIdDomain: string;
}

const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const utf8 = (text: string) => new TextEncoder().encode(text);

/** base64url without padding, as the Gmail API wants `raw`. */
export const base64Url = (text: string) => bytesToBase64(utf8(text)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

// Header values may not carry line breaks: a "\n" in a subject would start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
const isPrintableAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/**
 * RFC 2047 encoded-words (B encoding, UTF-8), each at most 75 characters and never splitting
 * a character's UTF-8 bytes, joined by folding whitespace.
 */
export function encodeWords(value: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    // 45 bytes of payload = 60 base64 characters + 12 of "=?UTF-8?B?" and "?=" stays within 75.
    if (utf8(chunk + char).length > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${bytesToBase64(utf8(w))}?=`).join('\r\n ');
}

/** An unstructured header value (Subject): as is when plain ASCII, else encoded-words. */
export const headerText = (value: string) => (isPrintableAscii(oneLine(value)) ? oneLine(value) : encodeWords(oneLine(value)));

/** `"Display Name" <user@example.com>`, the name quoted or encoded as needed. */
export function formatAddress({ name, address }: MailAddress): string {
  const addr = oneLine(address).replace(/[<>",\s]/g, '');
  const display = oneLine(name ?? '');
  if (!display) return addr;
  if (!isPrintableAscii(display)) return `${encodeWords(display)} <${addr}>`;
  return `"${display.replace(/(["\\])/g, '\\$1')}" <${addr}>`;
}

/** The message text as base64 in lines of 76 (RFC 2045), CRLF line ends. */
function bodyBase64(text: string): string {
  const encoded = bytesToBase64(utf8(text.replace(/\r?\n/g, '\r\n')));
  return encoded.match(/.{1,76}/g)?.join('\r\n') ?? '';
}

/** The whole message, CRLF line ends, ready to be base64url-encoded into `raw`. */
export function buildPlainEmail(email: PlainEmail): string {
  const date = email.date ?? new Date();
  const headers = [
    `From: ${formatAddress(email.from)}`,
    `To: ${email.to.map(formatAddress).join(', ')}`,
    `Subject: ${headerText(email.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${crypto.randomUUID()}@${email.messageIdDomain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${bodyBase64(email.text)}\r\n`;
}
