// A Monica account for the `--monica` bench, as Monica's v4 API lists it (the shapes of
// tests/imports/monica-fixtures.ts, served by tests/fakes/monica.ts): `contacts` people with
// emails, phones, a handle, tags, birthdays, addresses and relationships, and `history` records
// split over notes, activities, calls and conversations, plus reminders, tasks, life events,
// gifts, debts, groups and journal entries in a user's proportions. Drawn from the seeded PRNG:
// the same sizes give the same account.
import { prng } from '../scripts/prng.mjs';

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Mary',
  'Charles',
  'Emmy',
  'Kurt',
  'Hedy',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Claude',
  'Radia',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Somerville',
  'Babbage',
  'Noether',
  'Gödel',
  'Lamarr',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
];
const CITIES = [
  ['London', 'United Kingdom', 'GB'],
  ['Lisbon', 'Portugal', 'PT'],
  ['Berlin', 'Germany', 'DE'],
  ['Austin', 'United States', 'US'],
  ['Kyoto', 'Japan', 'JP'],
];
const TAGS = ['family', 'work', 'school', 'climbing', 'neighbours', 'book club'];
const ACTIVITY_TYPES = ['ate at a restaurant', 'went to a bar', 'just hung out', 'watched a movie', 'went hiking'];
const RELATIONS = [
  ['friend', 'friend'],
  ['family', 'sibling'],
  ['work', 'colleague'],
  ['love', 'partner'],
];
// The share of the history each kind takes (a conversation holds one to three messages).
const SPLIT = { activities: 0.4, notes: 0.3, calls: 0.2, conversations: 0.1 };

/** `{ contacts, notes, activities, …, journal }`: the lists the fake Monica serves. */
export function monicaBenchAccount({ contacts: count, history, seed = 48 }) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const int = (n) => Math.floor(rand() * n);
  const day = (fromYear = 2015) => {
    const d = new Date(Date.UTC(fromYear, 0, 1) + int((2026 - fromYear) * 365) * 86_400_000);
    return d.toISOString().slice(0, 10);
  };
  const instant = (fromYear) => `${day(fromYear)}T${String(8 + int(12)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')}:00Z`;
  const short = new Array(count);
  for (let i = 0; i < count; i++) {
    const first = FIRST[i % FIRST.length];
    const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}`;
    short[i] = { id: i + 1, object: 'contact', first_name: first, last_name: last, complete_name: `${first} ${last}`, is_partial: false };
  }
  // Ids of everything else start after the contacts' so no two records share one.
  let nextId = count + 1;
  const id = () => nextId++;
  const someone = () => short[int(count)];
  const date = (d, extra = {}) => ({ is_age_based: d ? false : null, is_year_unknown: d ? false : null, date: d, ...extra });

  const contacts = short.map((s, i) => {
    const links = { love: [], family: [], friend: [], work: [] };
    // About one link a contact, written on both cards as Monica lists it.
    if (i > 0 && rand() < 0.5) {
      const [group, name] = pick(RELATIONS);
      links[group].push({ relationship: { id: 1, name }, contact: short[int(i)] });
    }
    const [city, country, iso] = pick(CITIES);
    const fields = [
      {
        id: id(),
        object: 'contactfield',
        content: `${s.first_name}.${s.last_name}@example.org`.toLowerCase(),
        contact_field_type: { id: 1, name: 'Email', type: 'email' },
      },
    ];
    if (rand() < 0.3)
      fields.push({
        id: id(),
        object: 'contactfield',
        content: `${s.last_name}@work.example.com`.toLowerCase(),
        contact_field_type: { id: 1, name: 'Email', type: 'email' },
      });
    if (rand() < 0.7)
      fields.push({
        id: id(),
        object: 'contactfield',
        content: `+44 20 7${String(1_000_000 + i).slice(1)}`,
        contact_field_type: { id: 2, name: 'Phone', type: 'phone' },
      });
    if (rand() < 0.3)
      fields.push({
        id: id(),
        object: 'contactfield',
        content: `https://twitter.com/${s.first_name}_${i}`,
        contact_field_type: { id: 3, name: 'Twitter', type: null },
      });
    return {
      ...s,
      nickname: rand() < 0.1 ? `${s.first_name.slice(0, 3)}y` : null,
      gender: pick(['Woman', 'Man', null]),
      description: rand() < 0.2 ? 'Met through the climbing gym' : null,
      is_starred: rand() < 0.05,
      is_dead: false,
      stay_in_touch_frequency: rand() < 0.1 ? 30 : null,
      information: {
        relationships: Object.fromEntries(Object.entries(links).map(([g, list]) => [g, { total: list.length, contacts: list }])),
        dates: { birthdate: date(rand() < 0.6 ? `${1950 + int(50)}${day().slice(4)}T00:00:00Z` : null), deceased_date: date(null) },
        career: {
          job: rand() < 0.6 ? pick(['Engineer', 'Teacher', 'Nurse', 'Designer']) : null,
          company: rand() < 0.5 ? `Company ${int(400)}` : null,
        },
        how_you_met: {
          general_information: rand() < 0.2 ? 'At a friend’s wedding' : null,
          first_met_date: date(null),
          first_met_through_contact: null,
        },
      },
      addresses:
        rand() < 0.5
          ? [
              {
                id: id(),
                name: 'Home',
                street: `${1 + int(200)} High St`,
                city,
                province: null,
                postal_code: null,
                country: { name: country, iso },
              },
            ]
          : [],
      tags: rand() < 0.6 ? [{ id: 1 + int(TAGS.length), object: 'tag', name: pick(TAGS) }] : [],
      contactFields: fields,
      created_at: '2018-01-01T00:00:00Z',
      updated_at: '2018-01-01T00:00:00Z',
    };
  });
  // The other side of each link, as Monica shows it on both cards.
  for (const c of contacts)
    for (const [group, { contacts: list }] of Object.entries(c.information.relationships))
      for (const link of list) {
        const other = contacts[link.contact.id - 1].information.relationships[group];
        if (!other.contacts.some((l) => l.contact.id === c.id)) {
          other.contacts.push({ relationship: link.relationship, contact: short[c.id - 1] });
          other.total = other.contacts.length;
        }
      }

  const n = (kind) => Math.round(history * SPLIT[kind]);
  const notes = Array.from({ length: n('notes') }, () => ({
    id: id(),
    object: 'note',
    body: `Talked about ${pick(TAGS)} and ${pick(ACTIVITY_TYPES)}; remember the kids' names.`,
    is_favorited: rand() < 0.05,
    contact: someone(),
    created_at: instant(2016),
  }));
  const activities = Array.from({ length: n('activities') }, () => {
    const with_ = rand() < 0.8 ? [someone()] : [someone(), someone()];
    return {
      id: id(),
      object: 'activity',
      summary: `${pick(['Dinner', 'Coffee', 'A walk', 'Drinks'])} in ${pick(CITIES)[0]}`,
      description: rand() < 0.5 ? 'Caught up on work and family.' : null,
      happened_at: day(2016),
      activity_type: { id: 1, object: 'activitytype', name: pick(ACTIVITY_TYPES) },
      attendees: { total: with_.length, contacts: with_ },
      created_at: instant(2016),
    };
  });
  const calls = Array.from({ length: n('calls') }, () => ({
    id: id(),
    object: 'call',
    called_at: instant(2016),
    content: rand() < 0.5 ? 'Planned the summer.' : null,
    contact_called: rand() < 0.5,
    contact: someone(),
  }));
  const conversations = Array.from({ length: n('conversations') }, () => {
    const at = instant(2018);
    return {
      id: id(),
      object: 'conversation',
      happened_at: at,
      contact_field_type: { id: 2, name: pick(['SMS', 'WhatsApp', 'Telegram']) },
      messages: Array.from({ length: 1 + int(3) }, (_, k) => ({
        id: id(),
        object: 'message',
        content: k % 2 ? 'Sounds good, see you then' : 'Are you free on Saturday?',
        written_at: at,
        written_by_me: k % 2 === 0,
      })),
      contact: someone(),
    };
  });
  const few = (per) => Math.max(1, Math.round(count / per));
  const reminders = Array.from({ length: few(5) }, () => {
    const repeats = rand() < 0.5;
    return {
      id: id(),
      object: 'reminder',
      title: repeats ? 'Birthday call' : 'Send the photos',
      description: null,
      frequency_type: repeats ? 'year' : 'one_time',
      frequency_number: repeats ? 1 : null,
      initial_date: repeats ? day(2015) : day(2020).replace(/^20\d\d/, '2099'),
      contact: someone(),
    };
  });
  const tasks = Array.from({ length: few(10) }, () => {
    const done = rand() < 0.5;
    return {
      id: id(),
      object: 'task',
      title: 'Return the book',
      description: null,
      completed: done,
      completed_at: done ? instant(2020) : null,
      contact: someone(),
      created_at: instant(2019),
    };
  });
  const lifeevents = Array.from({ length: few(10) }, () => ({
    id: id(),
    object: 'lifeevent',
    name: 'Started a new job',
    note: null,
    happened_at: `${day(2016)}T00:00:00Z`,
    life_event_type: { id: 1, name: 'New job', default_life_event_type_key: 'new_job' },
    contact: someone(),
  }));
  const gifts = Array.from({ length: few(10) }, () => ({
    id: id(),
    object: 'gift',
    name: 'A book',
    comment: null,
    url: null,
    amount_with_currency: '$20.00',
    status: pick(['idea', 'offered', 'received']),
    date: null,
    contact: someone(),
    created_at: instant(2019),
  }));
  const debts = Array.from({ length: few(50) }, () => ({
    id: id(),
    object: 'debt',
    in_debt: pick(['yes', 'no']),
    status: 'inprogress',
    amount: 20,
    amount_with_currency: '€20.00',
    reason: 'dinner',
    contact: someone(),
    created_at: instant(2020),
  }));
  const groups = Array.from({ length: 20 }, (_, g) => ({
    id: id(),
    object: 'group',
    name: `Group ${g + 1}`,
    contacts: Array.from({ length: few(100) }, () => someone()),
  }));
  const journal = Array.from({ length: few(10) }, () => {
    const who = contacts[int(count)];
    return {
      id: id(),
      object: 'entry',
      title: 'A fine day',
      post: `Had tea with ${who.first_name} ${who.last_name} and talked of numbers.`,
      created_at: instant(2020),
    };
  });
  return { contacts, notes, activities, calls, conversations, reminders, tasks, lifeevents, gifts, debts, groups, journal };
}

/** How many timeline records the account's history lists hold (a conversation's messages each count). */
export const historyRecords = (a) =>
  a.notes.length + a.activities.length + a.calls.length + a.conversations.reduce((n, c) => n + c.messages.length, 0);
