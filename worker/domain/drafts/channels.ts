/**
 * The channels a message can be drafted for, with their length limits (characters) and what
 * one message is called in a sentence ("Write your X direct message here").
 */
export const DRAFT_CHANNELS = {
  email: { label: 'Email', noun: 'email', limit: 20_000, subject: true },
  telegram: { label: 'Telegram', noun: 'Telegram message', limit: 4_096, subject: false },
  twitter: { label: 'X direct message', noun: 'X direct message', limit: 10_000, subject: false },
  linkedin: { label: 'LinkedIn message', noun: 'LinkedIn message', limit: 8_000, subject: false },
} as const;

export type DraftChannel = keyof typeof DRAFT_CHANNELS;
export const DRAFT_CHANNEL_IDS = Object.keys(DRAFT_CHANNELS) as [DraftChannel, ...DraftChannel[]];

/** Cuts `text` to `limit` characters at the last sentence (else word) end that fits. */
export function fitToLimit(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const sentence = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('.\n'),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
    head.lastIndexOf('\n\n'),
  );
  if (sentence > limit * 0.5) return head.slice(0, sentence + 1).trimEnd();
  const word = head.lastIndexOf(' ');
  return (word > limit * 0.5 ? head.slice(0, word) : head).trimEnd();
}
