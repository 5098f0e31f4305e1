// A 5 000-card address-book export as iPhones and Macs write it (vCard 3.0, CRLF, lines folded
// at 75 octets, item groups with X-ABLabel), where most people have a photo: a small JPEG
// inline in base64 (folded over dozens of lines), some a photo URL as Google writes it.
// sharp comes with miniflare (wrangler's local runtime), which the bench needs anyway.
import sharp from 'sharp';

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Émile',
  'Zoë',
  'Søren',
  'Nikolaï',
  'Αλέξης',
  '美咲',
  'Olúwádámilọ́lá',
  'Chiara',
  'Mateo',
  'Priya',
  'Jürgen',
  'Anaïs',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Zola',
  'Ørsted',
  'Kierkegaard',
  'Παππάς',
  '佐藤',
  'Adébáyọ̀',
  'Rossi',
  'García',
  'Raman',
  'Müller',
  'Dubois',
];
const CITIES = [
  ['London', 'United Kingdom'],
  ['Berlin', 'Deutschland'],
  ['São Paulo', 'Brasil'],
  ['Τhessaloniki', 'Greece'],
  ['Kyoto', 'Japan'],
  ['Lagos', 'Nigeria'],
];

const fold = (line) => {
  const out = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const len = Buffer.byteLength(ch);
    if (size + len > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += len;
  }
  out.push(current);
  return out.join('\r\n ');
};

/** Distinct small JPEGs (64–96 px, the size address books keep as thumbnails). */
async function thumbnails(count) {
  const out = [];
  for (let n = 0; n < count; n++) {
    const side = 64 + (n % 3) * 16;
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * (n + 3) + ((i / (side * 3)) | 0) * (n * 7 + 1)) & 255;
    out.push(
      await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .jpeg({ quality: 55 + (n % 4) * 5 })
        .toBuffer(),
    );
  }
  return out;
}

/** The same JPEG made unique per person (a comment segment), as every real photo is. */
const personal = (jpeg, i) => {
  const comment = Buffer.from(`person ${i}`);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
};

/** `cards` cards; 3 in 5 with an inline JPEG, 1 in 5 with a photo URL, 1 in 5 without. */
export async function photosVcard(cards) {
  const jpegs = await thumbnails(24);
  const out = [];
  let inline = 0;
  for (let i = 0; i < cards; i++) {
    const first = FIRST[i % FIRST.length];
    const last = `${LAST[(i * 7) % LAST.length]}${i}`;
    const [city, country] = CITIES[i % CITIES.length];
    const lines = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//iPhone OS 17.5//EN',
      `N:${last};${first};;;`,
      `FN:${first} ${last}`,
      `ORG:Company ${i % 400};`,
      'TITLE:Engineer',
      `item1.EMAIL;type=INTERNET;type=pref:vcard${i}@example.com`,
      'item1.X-ABLabel:_$!<Other>!$_',
      `TEL;type=CELL;type=VOICE;type=pref:+44 7700 9${String(i).padStart(5, '0')}`,
      `item2.ADR;type=HOME;type=pref:;;${i} High Street;${city};;;${country}`,
      'item2.X-ABADR:gb',
      `NOTE:Met at the conference in ${city}\\, talked about bridges\\; follow up in spring.\\nSecond line.`,
      `BDAY:19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      `CATEGORIES:myContacts,Group ${i % 20}`,
    ];
    if (i % 5 < 3) {
      inline++;
      lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${personal(jpegs[i % jpegs.length], i).toString('base64')}`);
    } else if (i % 5 === 3) lines.push(`PHOTO:https://lh3.googleusercontent.com/contacts/bench-${i}`);
    lines.push('END:VCARD');
    out.push(lines.map(fold).join('\r\n'));
  }
  const text = `${out.join('\r\n')}\r\n`;
  return { text, inlinePhotos: inline, megabytes: Math.round((Buffer.byteLength(text) / 2 ** 20) * 10) / 10 };
}
