import { describeEnded, WAYS_IN, type EndedWaysIn, type WayIn } from '../../worker/domain/auth/every-way-in';

// The reset page hands what it ended to the sign-in page in the URL. Only known names and
// counts are read back, so a crafted link can choose among Kith's own words, never add its own.

export function endedQuery(ended: EndedWaysIn): string {
  return (Object.keys(WAYS_IN) as WayIn[])
    .filter((name) => ended[name] > 0)
    .map((name) => `${name}.${Math.min(ended[name], 999)}`)
    .join('-');
}

export function endedSentence(query: string | null): string {
  const ended: Partial<EndedWaysIn> = {};
  for (const part of (query ?? '').split('-').slice(0, 10)) {
    const [name, n] = part.split('.');
    if (name && name in WAYS_IN && /^\d{1,3}$/.test(n ?? '')) ended[name as WayIn] = Number(n);
  }
  return describeEnded(ended);
}
