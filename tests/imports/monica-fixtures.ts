// A small Monica account as its API lists it (tests/fakes/monica.ts serves it): three people,
// a partial relative, and one or more of every kind of record Kith moves over.
const short = (id: number, first: string, last: string | null, partial = false) => ({
  id,
  object: 'contact',
  first_name: first,
  last_name: last,
  complete_name: [first, last].filter(Boolean).join(' '),
  is_partial: partial,
});
const date = (d: string | null, { age = false, noYear = false } = {}) => ({
  is_age_based: d ? age : null,
  is_year_unknown: d ? noYear : null,
  date: d,
});
const field = (id: number, name: string, content: string, type: string | null = null) => ({
  id,
  object: 'contactfield',
  content,
  contact_field_type: { id, object: 'contactfieldtype', name, type, protocol: null },
});
const rels = (groups: Record<string, [string, ReturnType<typeof short>][]>) =>
  Object.fromEntries(
    ['love', 'family', 'friend', 'work'].map((g) => [
      g,
      { total: groups[g]?.length ?? 0, contacts: (groups[g] ?? []).map(([name, contact]) => ({ relationship: { id: 1, name }, contact })) },
    ]),
  );

export const ADA = short(1, 'Ada', 'Lovelace');
export const CHARLES = short(2, 'Charles', 'Babbage');
export const MARY = short(3, 'Mary', 'Somerville');
export const BYRON = short(9, 'Byron', 'King', true);

const contact = (s: ReturnType<typeof short>, rest: Record<string, unknown>) => ({
  ...s,
  nickname: null,
  gender: null,
  description: null,
  is_starred: false,
  is_dead: false,
  addresses: [],
  tags: [],
  contactFields: [],
  created_at: '2018-01-01T00:00:00Z',
  updated_at: '2018-01-01T00:00:00Z',
  ...rest,
});

export function monicaAccount(suffix: string) {
  const email = (who: string) => `${who}.${suffix}@example.org`;
  const contacts = [
    contact(ADA, {
      nickname: 'Countess',
      gender: 'Woman',
      is_starred: true,
      description: 'Wrote the first program',
      information: {
        relationships: rels({ family: [['child', BYRON]], friend: [['friend', CHARLES]], work: [['mentor', MARY]] }),
        dates: { birthdate: date('2020-12-10T00:00:00Z', { noYear: true }), deceased_date: date(null) },
        career: { job: 'Mathematician', company: 'Analytical Engines', linkedin_profile_url: null },
        how_you_met: {
          general_information: 'At a salon in London',
          first_met_date: date('1833-06-05T00:00:00Z'),
          first_met_through_contact: MARY,
        },
      },
      addresses: [
        {
          id: 1,
          name: 'Home',
          street: '12 St James Sq',
          city: 'London',
          province: null,
          postal_code: 'SW1Y',
          country: { name: 'United Kingdom', iso: 'GB' },
        },
      ],
      tags: [{ id: 1, object: 'tag', name: 'science' }],
      contactFields: [
        field(1, 'Email', email('ada'), 'email'),
        field(2, 'Phone', '+44 20 7946 0000', 'phone'),
        field(3, 'Twitter', 'https://twitter.com/ada_l'),
        field(4, 'Facebook', 'facebook.com/ada.lovelace'),
      ],
    }),
    contact(CHARLES, {
      is_dead: true,
      information: {
        relationships: rels({ friend: [['friend', ADA]] }),
        dates: { birthdate: date('1791-12-26T00:00:00Z', { age: true }), deceased_date: date('1871-10-18T00:00:00Z') },
        career: { job: null, company: null },
        how_you_met: { general_information: null, first_met_date: date(null), first_met_through_contact: null },
      },
      contactFields: [field(5, 'Email', email('charles'), 'email')],
    }),
    contact(MARY, {
      information: {
        relationships: rels({ work: [['protege', ADA]] }),
        dates: { birthdate: date(null), deceased_date: date(null) },
        career: { job: 'Science writer', company: null },
        how_you_met: { general_information: null, first_met_date: date(null), first_met_through_contact: null },
      },
    }),
    contact(BYRON, { information: { dates: { birthdate: date(null), deceased_date: date(null) } } }),
  ];
  return {
    contacts,
    notes: [
      {
        id: 11,
        object: 'note',
        body: 'Loves poetry and numbers',
        is_favorited: true,
        favorited_at: '2019-04-02T10:00:00Z',
        contact: ADA,
        created_at: '2019-04-02T10:00:00Z',
      },
      { id: 12, object: 'note', body: 'Hates street music', is_favorited: false, contact: CHARLES, created_at: '2019-05-01T08:00:00Z' },
    ],
    activities: [
      {
        id: 21,
        object: 'activity',
        summary: 'Dinner at the Royal Society',
        description: 'Talked about the engine',
        happened_at: '2020-02-03',
        activity_type: { id: 1, object: 'activitytype', name: 'ate at a restaurant' },
        attendees: { total: 2, contacts: [ADA, CHARLES] },
        created_at: '2020-02-04T00:00:00Z',
      },
    ],
    calls: [
      {
        id: 31,
        object: 'call',
        called_at: '2021-05-06T18:30:00Z',
        content: 'Talked about engines',
        contact_called: true,
        contact: CHARLES,
      },
    ],
    conversations: [
      {
        id: 41,
        object: 'conversation',
        happened_at: '2022-01-01T09:00:00Z',
        contact_field_type: { id: 2, name: 'SMS' },
        messages: [
          { id: 411, object: 'message', content: 'Are you free Tuesday?', written_at: '2022-01-01T09:00:00Z', written_by_me: true },
          { id: 412, object: 'message', content: 'Yes, after lunch', written_at: '2022-01-01T09:05:00Z', written_by_me: false },
        ],
        contact: ADA,
      },
    ],
    reminders: [
      {
        id: 51,
        object: 'reminder',
        title: 'Send the notes',
        description: null,
        frequency_type: 'one_time',
        frequency_number: null,
        initial_date: '2099-06-01',
        contact: ADA,
      },
      {
        id: 52,
        object: 'reminder',
        title: 'Birthday call',
        description: null,
        frequency_type: 'year',
        frequency_number: 1,
        initial_date: '2015-12-26',
        contact: CHARLES,
      },
      {
        id: 53,
        object: 'reminder',
        title: 'Ask about the book',
        description: null,
        frequency_type: 'one_time',
        frequency_number: null,
        initial_date: '2018-01-01',
        contact: MARY,
      },
    ],
    tasks: [
      {
        id: 61,
        object: 'task',
        title: 'Return the book',
        description: null,
        completed: false,
        completed_at: null,
        contact: ADA,
        created_at: '2022-04-01T00:00:00Z',
      },
      {
        id: 62,
        object: 'task',
        title: 'Fix the difference engine',
        description: null,
        completed: true,
        completed_at: '2020-03-04T00:00:00Z',
        contact: CHARLES,
        created_at: '2020-01-01T00:00:00Z',
      },
    ],
    lifeevents: [
      {
        id: 71,
        object: 'lifeevent',
        name: 'Joined the Analytical Society',
        note: 'Big news',
        happened_at: '2021-09-01T00:00:00Z',
        life_event_type: { id: 1, name: 'New job', default_life_event_type_key: 'new_job' },
        contact: ADA,
      },
      {
        id: 72,
        object: 'lifeevent',
        name: 'Took up chess',
        note: null,
        happened_at: '2019-07-07T00:00:00Z',
        life_event_type: { id: 2, name: 'New hobby', default_life_event_type_key: 'new_hobby' },
        contact: CHARLES,
      },
    ],
    gifts: [
      {
        id: 81,
        object: 'gift',
        name: 'Fountain pen',
        comment: null,
        url: null,
        amount_with_currency: '$40.00',
        status: 'idea',
        date: null,
        contact: ADA,
        created_at: '2022-05-05T00:00:00Z',
      },
      {
        id: 82,
        object: 'gift',
        name: 'A book on gears',
        comment: 'Loved it',
        url: null,
        amount_with_currency: null,
        status: 'received',
        date: '2020-12-25',
        contact: CHARLES,
        created_at: '2021-01-01T00:00:00Z',
      },
    ],
    debts: [
      {
        id: 91,
        object: 'debt',
        in_debt: 'yes',
        status: 'inprogress',
        amount: 20,
        amount_with_currency: '€20.00',
        reason: 'dinner',
        contact: ADA,
        created_at: '2022-02-02T00:00:00Z',
      },
    ],
    journal: [
      {
        id: 101,
        object: 'entry',
        title: 'A fine day',
        post: 'Had tea with Ada Lovelace and talked of numbers.',
        created_at: '2022-03-03T00:00:00Z',
      },
      { id: 102, object: 'entry', title: 'Alone', post: 'Went hiking by myself.', created_at: '2022-03-04T00:00:00Z' },
    ],
  };
}
