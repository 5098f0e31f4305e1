import type { Conversation } from './kith-client';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** LinkedIn's day headings ("Today", "Monday", "Nov 20", "Nov 20, 2025") as a local date. */
export function parseDayHeading(heading: string, now: Date): Date | null {
  const h = heading.trim().toLowerCase();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (h === 'today') return day;
  if (h === 'yesterday') return new Date(day.getTime() - 86_400_000);
  const weekday = WEEKDAYS.indexOf(h);
  if (weekday >= 0) {
    const back = (day.getDay() - weekday + 7) % 7 || 7;
    return new Date(day.getTime() - back * 86_400_000);
  }
  const m = h.match(/^([a-z]{3})[a-z]*\.? (\d{1,2})(?:, (\d{4}))?$/);
  if (!m || MONTHS.indexOf(m[1]!) < 0) return null;
  const year = m[3] ? Number(m[3]) : now.getFullYear();
  const date = new Date(year, MONTHS.indexOf(m[1]!), Number(m[2]));
  // Without a year, a date after today is last year's.
  if (!m[3] && date > day) date.setFullYear(year - 1);
  return date;
}

/** "9:05 AM" / "21:40" on the given day. */
export function atTime(day: Date, time: string): Date {
  const m = time.trim().match(/^(\d{1,2}):(\d{2})\s*([AP]M)?$/i);
  if (!m) return day;
  let hours = Number(m[1]) % (m[3] ? 12 : 24);
  if (m[3]?.toUpperCase() === 'PM') hours += 12;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, Number(m[2]));
}

/** "https://www.linkedin.com/in/slug/?x" or "/in/slug/" -> "https://www.linkedin.com/in/slug/". */
function profileUrl(href: string | null | undefined): string | null {
  const m = href?.match(/\/in\/([^/?#]+)/);
  return m ? `https://www.linkedin.com/in/${m[1]}/` : null;
}

/**
 * Reads the open conversation of a linkedin.com/messaging/thread/... page: the other
 * participant (name, profile, headline) and every loaded message with its direction and
 * time. Returns null when no one-to-one conversation is open (group chats are skipped).
 */
export function parseConversation(doc: Document, pageUrl: string, now = new Date()): Conversation | null {
  const threadId = pageUrl.match(/\/messaging\/thread\/([^/?#]+)/)?.[1];
  if (!threadId) return null;
  const header = doc.querySelector('.msg-thread, .msg-convo-wrapper') ?? doc;
  const profileLink = header.querySelector<HTMLAnchorElement>('a.msg-thread__link-to-profile, .msg-entity-lockup a[href*="/in/"]');
  const name = text(header.querySelector('.msg-entity-lockup__entity-title, h2.msg-entity-lockup__entity-title'));
  if (!name || !profileLink) return null;
  const participant = {
    name,
    profile_url: profileUrl(profileLink.getAttribute('href')),
    headline: text(header.querySelector('.msg-entity-lockup__entity-info, .artdeco-entity-lockup__subtitle')) || null,
    avatar_url: header.querySelector('img.msg-facepile-grid__img, .msg-entity-lockup img')?.getAttribute('src') ?? null,
  };

  const messages: Conversation['messages'] = [];
  let day: Date | null = null;
  let time = '';
  let direction: 'in' | 'out' = 'in';
  for (const item of doc.querySelectorAll('li.msg-s-message-list__event')) {
    const heading = item.querySelector('time.msg-s-message-list__time-heading');
    if (heading) day = parseDayHeading(text(heading), now) ?? day;
    const groupTime = item.querySelector('time.msg-s-message-group__timestamp');
    if (groupTime) time = text(groupTime);
    const sender = item.querySelector('.msg-s-message-group__name');
    if (sender) direction = text(sender) === name ? 'in' : 'out';
    for (const event of item.querySelectorAll('.msg-s-event-listitem')) {
      const urn = event.getAttribute('data-event-urn');
      const body = (event.querySelector('.msg-s-event-listitem__body')?.textContent ?? '').trim();
      if (!urn || !body || !day) continue;
      const incoming = event.classList.contains('msg-s-event-listitem--other') || direction === 'in';
      messages.push({ id: urn, direction: incoming ? 'in' : 'out', sent_at: atTime(day, time).toISOString(), body });
    }
  }
  return { id: `urn:li:msg_conversation:${threadId}`, participant, messages };
}
