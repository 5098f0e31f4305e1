import { phoneSchema } from './contact-input';

export type PhoneReading = { status: 'phone'; phone: string; fromLetters: boolean } | { status: 'unreadable' };

// The letters of a phone keypad (ITU E.161): ABC=2 … WXYZ=9.
const KEYPAD: Record<string, string> = Object.fromEntries(
  ['ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'].flatMap((letters, i) => [...letters].map((l) => [l, String(i + 2)])),
);

// "ext. 12", "extension 12", "x12", ";ext=12" (RFC 3966) or dial pauses ",,12" at the end.
const EXTENSION = /(?:\s*[,;]?\s*(?:ext(?:ension)?\.?|(?<=[\d\s)])x\.?)\s*[:=]?\s*|\s*;ext=|\s*,+\s*)(\d{1,8})$/i;

/**
 * One phone value from an address book as Kith can store it, or "unreadable". Repairs only
 * what has one meaning: full-width digits and typographic dashes, a "tel:" prefix, stray
 * punctuation at the ends, extension spellings (kept as " x12"), and vanity numbers, whose
 * letters are read on the keypad ("+1-800-MYFAX" -> "+1-800-69329"). Letters that look like
 * digits (O, I, l) are a typo, not a vanity number: that value is unreadable, never guessed.
 */
export function readPhone(raw: string): PhoneReading {
  let value = raw
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^tel:\s*/i, '')
    .replace(/^[,;:.\s]+|[,;:.\s]+$/g, '');
  let extension = '';
  const ext = value.match(EXTENSION);
  if (ext && ext.index! > 0) {
    extension = ` x${ext[1]}`;
    value = value.slice(0, ext.index).trim();
  }
  let fromLetters = false;
  if (/[A-Za-z]/.test(value)) {
    const letters = value.replace(/[^A-Za-z]/g, '');
    const vanity = /^[+\d\s().\-/A-Za-z]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3 && !/^[OoIl]+$/.test(letters);
    if (!vanity) return { status: 'unreadable' };
    value = value.replace(/[A-Za-z]/g, (l) => KEYPAD[l.toUpperCase()]!);
    fromLetters = true;
  }
  const phone = `${value}${extension}`;
  return phoneSchema.safeParse(phone).success ? { status: 'phone', phone, fromLetters } : { status: 'unreadable' };
}
