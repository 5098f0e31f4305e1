import { beforeAll, describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';

// A page form and the API write the same records through the same domain rules (worker/domain):
// the same input saves the same thing or is refused by both. Each check below is a write that
// once had a rule of its own on one side.

const CONTACT_PAGE = (id: string) => `/contacts/${id}?_data=${encodeURIComponent('routes/_app.contacts.$id')}`;
const postForm = (me: Session, path: string, fields: Record<string, string>) =>
  as(me, path, { method: 'POST', body: new URLSearchParams(fields) });
const api = async (me: Session, path: string, init: RequestInit & { json?: unknown } = {}) => as(me, `/api/v1${path}`, init);

/**
 * What a contact holds, without what differs between any two contacts (ids, clocks, addresses)
 * and what the geocoding job writes after the save: the job places one contact before the other
 * is read, or not, so its columns are a race, not the save's rule (`location` itself is compared).
 */
function contactFields(contact: any) {
  const {
    id: _id,
    bcc_address: _bcc,
    created_at: _c,
    updated_at: _u,
    latitude: _lat,
    longitude: _lng,
    geocoded_location: _gl,
    geocoded_at: _ga,
    geocode_status: _gs,
    company,
    ...fields
  } = contact;
  return { ...fields, company: company?.name ?? null };
}

describe('a page form and the API save the same thing', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
  });

  it('a new contact: text as typed (notes keep their spacing, one-line fields are trimmed), by the domain on both sides', async () => {
    const typed = {
      first_name: '  Ada  ',
      last_name: ' Lovelace ',
      title: '  Countess ',
      company: ' Analytical Engines ',
      location: ' London ',
      notes: '  Met at the\n  Royal Society  ',
    };
    const page = await postForm(me, '/contacts/new', { ...typed, emails: ' ada@engines.example ', tags: ' math , poetry ' });
    expect(page.status, await page.clone().text()).toBe(302);
    const fromPage = (await json(await api(me, `/contacts/${page.headers.get('location')!.split('/').pop()}`))).data;
    const fromApi = await createContact(me, { ...typed, emails: [' ada2@engines.example '], tags: [' math ', 'poetry'] });
    expect(contactFields(fromPage)).toEqual({ ...contactFields(fromApi), emails: ['ada@engines.example'] });
    expect(fromPage.notes).toBe(typed.notes);
    expect(fromPage.first_name).toBe('Ada');
  });

  it('a meeting: a time without a zone is refused on the page as by the API, and nothing is logged', async () => {
    const c = await createContact(me, { first_name: 'Grace' });
    const zoneless = '2026-01-01T10:00';
    expect((await api(me, `/contacts/${c.id}/meetings`, { method: 'POST', json: { title: 'Lunch', occurred_at: zoneless } })).status).toBe(
      400,
    );
    expect(
      (
        await api(me, `/contacts/${c.id}/interactions`, {
          method: 'POST',
          json: { kind: 'meeting', title: 'Lunch', occurred_at: zoneless },
        })
      ).status,
    ).toBe(400);
    // The timeline's composer logs a meeting with the "log" intent; "log-meeting" was an older form's.
    const forms: Record<string, string>[] = [
      { intent: 'log', kind: 'meeting', title: 'Lunch', occurred_at: zoneless },
      { intent: 'log-meeting', title: 'Lunch', occurred_at: zoneless },
    ];
    for (const fields of forms) {
      expect((await postForm(me, CONTACT_PAGE(c.id), fields)).status, fields.intent).toBe(400);
    }
    expect((await json(await api(me, `/contacts/${c.id}/timeline`))).data).toEqual([]);
    // With its zone, the page's meeting is the API's.
    const at = '2026-01-01T10:00:00.000+01:00';
    expect((await postForm(me, CONTACT_PAGE(c.id), { intent: 'log', kind: 'meeting', title: ' Lunch ', occurred_at: at })).status).toBe(
      200,
    );
    expect(
      (await api(me, `/contacts/${c.id}/interactions`, { method: 'POST', json: { kind: 'meeting', title: ' Lunch ', occurred_at: at } }))
        .status,
    ).toBe(201);
    const [one, two] = (await json(await api(me, `/contacts/${c.id}/timeline`))).data;
    expect([one.kind, one.subject, one.occurred_at]).toEqual([two.kind, two.subject, two.occurred_at]);
    expect(one.occurred_at).toBe('2026-01-01T09:00:00.000Z');
  });

  it('a reminder and a date: a blank note or label is none, a padded one trimmed', async () => {
    const c = await createContact(me, { first_name: 'Hedy' });
    expect((await postForm(me, CONTACT_PAGE(c.id), { intent: 'add-reminder', on: '2030-01-01', note: '   ' })).status).toBe(200);
    expect((await api(me, `/contacts/${c.id}/reminders`, { method: 'POST', json: { on: '2030-01-01', note: '   ' } })).status).toBe(201);
    expect((await postForm(me, CONTACT_PAGE(c.id), { intent: 'add-reminder', on: '2030-01-02', note: '  call back  ' })).status).toBe(200);
    expect(
      (await api(me, `/contacts/${c.id}/reminders`, { method: 'POST', json: { on: '2030-01-02', note: '  call back  ' } })).status,
    ).toBe(201);
    expect((await json(await api(me, `/contacts/${c.id}/reminders`))).data.map((r: any) => [r.remind_on, r.note])).toEqual([
      ['2030-01-01', null],
      ['2030-01-01', null],
      ['2030-01-02', 'call back'],
      ['2030-01-02', 'call back'],
    ]);
    expect(
      (await postForm(me, CONTACT_PAGE(c.id), { intent: 'add-date', kind: 'custom', label: '  First patent  ', month: '8', day: '11' }))
        .status,
    ).toBe(200);
    expect(
      (await api(me, `/contacts/${c.id}/dates`, { method: 'POST', json: { kind: 'custom', label: '  First patent  ', month: 8, day: 12 } }))
        .status,
    ).toBe(201);
    expect((await json(await api(me, `/contacts/${c.id}/dates`))).data.map((d: any) => d.label)).toEqual(['First patent', 'First patent']);
  });

  it('an organization: the page form saves what the API saves for the same fields', async () => {
    const fields = {
      name: '  Engines Ltd  ',
      website: ' engines.example ',
      industry: ' Computing ',
      location: ' London ',
      phone: ' +44 20 7946 0000 ',
      email: ' hello@engines.example ',
      notes: '  founded\n  1834  ',
    };
    const one = (await json(await api(me, '/organizations', { method: 'POST', json: { name: 'Engines One' } }))).data;
    const two = (await json(await api(me, '/organizations', { method: 'POST', json: { name: 'Engines Two' } }))).data;
    expect(
      (
        await postForm(me, `/organizations/${one.id}?_data=${encodeURIComponent('routes/_app.organizations.$id')}`, {
          intent: 'save',
          ...fields,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(me, `/organizations/${two.id}`, { method: 'PATCH', json: { ...fields, name: fields.name.replace('Ltd', 'plc') } })).status,
    ).toBe(200);
    const [a, b] = await Promise.all([one.id, two.id].map(async (id) => (await json(await api(me, `/organizations/${id}`))).data));
    expect({ ...a, id: null, name: null }).toEqual({ ...b, id: null, name: null });
    expect([a.name, b.name]).toEqual(['Engines Ltd', 'Engines plc']);
  });
});

// A command (worker/domain/command.ts) is the one reader of its input: the page form and the API
// body are parsed by the same schema, so the same bad input is refused for the same field, in the
// same words (the page puts the field's name before the API's message).
interface BadInput {
  name: string;
  page: { path: string; fields: Record<string, string> };
  api: { method: string; path: string; json: unknown };
  field: string;
  label: string;
}

const pageData = (path: string, route: string) => `${path}?_data=${encodeURIComponent(route)}`;
const SETTINGS_PAGE = pageData('/settings', 'routes/_app.settings');
/** An id the API refuses in a path (1 to 64 characters); an empty one would name another route. */
const LONG_ID = 'x'.repeat(65);
const HOME_PAGE = pageData('/home', 'routes/_app.home');
const ORGANIZATION_PAGE = (id: string) => pageData(`/organizations/${id}`, 'routes/_app.organizations.$id');
const NEW_CONTACT_PAGE = pageData('/contacts/new', 'routes/_app.contacts.new');

const BAD_INPUTS: BadInput[] = [
  {
    name: 'two-factor enable, a short code',
    page: { path: SETTINGS_PAGE, fields: { intent: 'two-factor-enable', code: ' 123 ' } },
    api: { method: 'POST', path: '/me/two-factor/enable', json: { code: ' 123 ' } },
    field: 'code',
    label: 'Code',
  },
  {
    name: 'two-factor off, no password',
    page: { path: SETTINGS_PAGE, fields: { intent: 'two-factor-disable', password: '', code: '123456' } },
    api: { method: 'POST', path: '/me/two-factor/disable', json: { password: '', code: '123456' } },
    field: 'password',
    label: 'Password',
  },
  {
    name: 'new recovery codes, a code too long',
    page: { path: SETTINGS_PAGE, fields: { intent: 'two-factor-recovery-codes', password: 'x', code: '1'.repeat(21) } },
    api: { method: 'POST', path: '/me/two-factor/recovery-codes', json: { password: 'x', code: '1'.repeat(21) } },
    field: 'code',
    label: 'Code',
  },
  {
    name: 'a token without a name',
    page: { path: SETTINGS_PAGE, fields: { intent: 'create-token', name: '   ' } },
    api: { method: 'POST', path: '/tokens', json: { name: '   ' } },
    field: 'name',
    label: 'The token name',
  },
  {
    name: 'a password change without the current one',
    page: { path: SETTINGS_PAGE, fields: { intent: 'change-password', current_password: '', new_password: 'a fine new passphrase' } },
    api: { method: 'POST', path: '/me/password', json: { current_password: '', new_password: 'a fine new passphrase' } },
    field: 'current_password',
    label: 'Current password',
  },
  {
    name: 'a blank time zone',
    page: { path: SETTINGS_PAGE, fields: { intent: 'time-zone', time_zone: '' } },
    api: { method: 'PATCH', path: '/me', json: { time_zone: '' } },
    field: 'time_zone',
    label: 'Time zone',
  },
  {
    name: 'deleting the account without the password',
    page: { path: SETTINGS_PAGE, fields: { intent: 'delete-account', confirm_email: 'me@example.com', password: '' } },
    api: { method: 'DELETE', path: '/me', json: { confirm_email: 'me@example.com', password: '' } },
    field: 'password',
    label: 'Password',
  },
  {
    name: 'signing in with no email',
    page: { path: pageData('/login', 'routes/login'), fields: { email: ' ', password: 'x', redirectTo: '/home' } },
    api: { method: 'POST', path: '/auth/login', json: { email: ' ', password: 'x' } },
    field: 'email',
    label: 'Email',
  },
  {
    name: 'signing up without a name',
    page: {
      path: pageData('/signup', 'routes/signup'),
      fields: { email: 'new@example.com', password: 'a fine new passphrase', name: '  ' },
    },
    api: { method: 'POST', path: '/auth/signup', json: { email: 'new@example.com', password: 'a fine new passphrase', name: '  ' } },
    field: 'name',
    label: 'Your name',
  },
  {
    name: 'a reset link for a malformed email',
    page: { path: pageData('/forgot-password', 'routes/forgot-password'), fields: { email: 'not-an-address' } },
    api: { method: 'POST', path: '/auth/password/forgot', json: { email: 'not-an-address' } },
    field: 'email',
    label: 'Email',
  },
  {
    name: 'renaming a tag to nothing',
    page: { path: pageData('/tags', 'routes/_app.tags'), fields: { intent: 'rename', tag: 'friends', name: '   ' } },
    api: { method: 'PATCH', path: '/tags/friends', json: { name: '   ' } },
    field: 'name',
    label: 'The new name',
  },
  {
    name: 'a merge choice that is neither side',
    page: { path: pageData('/contacts/c1/merge/c2', 'routes/_app.contacts.$id_.merge.$otherId'), fields: { name: 'both' } },
    api: { method: 'POST', path: '/contacts/c1/merge', json: { other_id: 'c2', choices: { name: 'both' } } },
    field: 'choices.name',
    label: 'Choices',
  },
  {
    name: 'an empty note',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'add-note', body: '' } },
    api: { method: 'POST', path: '/contacts/c1/notes', json: { body: '' } },
    field: 'body',
    label: 'Text',
  },
  {
    name: 'a reminder on no date',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'add-reminder', on: 'soon', note: '' } },
    api: { method: 'POST', path: '/contacts/c1/reminders', json: { on: 'soon', note: '' } },
    field: 'on',
    label: 'On',
  },
  {
    name: 'a new contact with one email that is not an address',
    page: { path: NEW_CONTACT_PAGE, fields: { first_name: 'Ada', emails: 'ada@engines.example, not an address' } },
    api: { method: 'POST', path: '/contacts', json: { first_name: 'Ada', emails: ['ada@engines.example', 'not an address'] } },
    field: 'emails.1',
    label: 'Email 2',
  },
  {
    name: 'a new contact with neither a name nor a way to reach them',
    page: { path: NEW_CONTACT_PAGE, fields: { company: 'Analytical Engines' } },
    api: { method: 'POST', path: '/contacts', json: { company: 'Analytical Engines' } },
    field: 'first_name',
    label: 'First name',
  },
  {
    name: 'an organization website that is not a web address',
    page: { path: ORGANIZATION_PAGE('o1'), fields: { intent: 'save', name: 'Engines', website: 'javascript:alert(1)' } },
    api: { method: 'PATCH', path: '/organizations/o1', json: { name: 'Engines', website: 'javascript:alert(1)' } },
    field: 'website',
    label: 'Website',
  },
  {
    name: 'an organization renamed to nothing',
    page: { path: ORGANIZATION_PAGE('o1'), fields: { intent: 'save', name: '   ' } },
    api: { method: 'PATCH', path: '/organizations/o1', json: { name: '   ' } },
    field: 'name',
    label: 'Name',
  },
  {
    name: 'an organization merged with no other',
    page: { path: ORGANIZATION_PAGE('o1'), fields: { intent: 'merge', other_id: '' } },
    api: { method: 'POST', path: '/organizations/o1/merge', json: { other_id: '' } },
    field: 'other_id',
    label: 'Other id',
  },
  {
    name: 'a date on a day its month does not have',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'add-date', kind: 'anniversary', month: '4', day: '31' } },
    api: { method: 'POST', path: '/contacts/c1/dates', json: { kind: 'anniversary', month: 4, day: 31 } },
    field: 'day',
    label: 'Day',
  },
  {
    name: 'a custom date without a label',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'add-date', kind: 'custom', label: '  ', month: '8', day: '11' } },
    api: { method: 'POST', path: '/contacts/c1/dates', json: { kind: 'custom', label: '  ', month: 8, day: 11 } },
    field: 'label',
    label: 'Label',
  },
  {
    name: 'a date moved to a thirteenth month',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'edit-date', id: 'd1', kind: 'birthday', month: '13', day: '1' } },
    api: { method: 'POST', path: '/contacts/c1/dates', json: { kind: 'birthday', month: 13, day: 1 } },
    field: 'month',
    label: 'Month',
  },
  {
    name: 'editing a note by an id too long',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'edit-note', id: LONG_ID, body: 'Hello' } },
    api: { method: 'PATCH', path: `/interactions/${LONG_ID}`, json: { body: 'Hello' } },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'deleting a note by an id too long',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'delete-note', id: LONG_ID } },
    api: { method: 'DELETE', path: `/interactions/${LONG_ID}`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'deleting a reminder by an id too long',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'delete-reminder', id: LONG_ID } },
    api: { method: 'DELETE', path: `/reminders/${LONG_ID}`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'dismissing a duplicate by an id too long',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'dismiss-duplicate', other_id: LONG_ID } },
    api: { method: 'POST', path: `/contacts/c1/duplicates/${LONG_ID}/dismiss`, json: undefined },
    field: 'other_id',
    label: 'Other id',
  },
  {
    name: 'a default cadence of every 0 weeks',
    page: { path: SETTINGS_PAGE, fields: { intent: 'cadence-defaults', high_every: '0', high_unit: 'week' } },
    api: { method: 'PATCH', path: '/settings/keep-in-touch', json: { cadence_defaults: { high: { every: 0, unit: 'week' } } } },
    field: 'cadence_defaults.high.every',
    label: 'High priority cadence',
  },
  {
    name: 'a default cadence of every 1.5 months',
    page: {
      path: SETTINGS_PAGE,
      fields: { intent: 'cadence-defaults', medium_every: '2', medium_unit: 'week', low_every: '1.5', low_unit: 'month' },
    },
    api: {
      method: 'PATCH',
      path: '/settings/keep-in-touch',
      json: { cadence_defaults: { medium: { every: 2, unit: 'week' }, low: { every: 1.5, unit: 'month' } } },
    },
    field: 'cadence_defaults.low.every',
    label: 'Low priority cadence',
  },
  {
    name: 'an agenda item snoozed to a day the calendar does not have',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'agenda-snooze', type: 'reminder', ref: 'r1', until: '2030-02-30' } },
    api: { method: 'POST', path: '/agenda/reminder/r1/snooze', json: { until: '2030-02-30' } },
    field: 'until',
    label: 'Snooze until',
  },
  {
    name: 'an agenda item snoozed for a fortnight',
    page: { path: HOME_PAGE, fields: { intent: 'agenda-snooze', type: 'cadence', ref: 'c1', for: 'fortnight' } },
    api: { method: 'POST', path: '/agenda/cadence/c1/snooze', json: { for: 'fortnight' } },
    field: 'for',
    label: 'Snooze for',
  },
  {
    name: 'a suggestion snoozed for 0 days',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'snooze-followup', id: 'f1', days: '0' } },
    api: { method: 'POST', path: '/followups/f1/snooze', json: { days: 0 } },
    field: 'days',
    label: 'Snooze days',
  },
  {
    name: 'a suggestion snoozed until no date',
    page: { path: HOME_PAGE, fields: { intent: 'snooze', id: 'f1', until: 'soon' } },
    api: { method: 'POST', path: '/followups/f1/snooze', json: { until: 'soon' } },
    field: 'until',
    label: 'Snooze until',
  },
  {
    name: 'an agenda item marked done by an id too long',
    page: { path: HOME_PAGE, fields: { intent: 'agenda-done', type: 'reminder', ref: LONG_ID } },
    api: { method: 'POST', path: `/agenda/reminder/${LONG_ID}/done`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'an agenda item of a type the agenda does not have',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'agenda-done', type: 'birthday', ref: 'b1' } },
    api: { method: 'POST', path: '/agenda/birthday/b1/done', json: undefined },
    field: 'type',
    label: 'Type',
  },
  {
    name: 'an agenda item dismissed by an id too long',
    page: { path: CONTACT_PAGE('c1'), fields: { intent: 'agenda-dismiss', type: 'cadence', ref: LONG_ID } },
    api: { method: 'POST', path: `/agenda/cadence/${LONG_ID}/dismiss`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'a suggestion dismissed by an id too long',
    page: { path: HOME_PAGE, fields: { intent: 'dismiss-followup', id: LONG_ID } },
    api: { method: 'POST', path: `/followups/${LONG_ID}/dismiss`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'replaying a failed job by an id too long',
    page: { path: '/settings/failed-jobs', fields: { intent: 'replay', id: LONG_ID } },
    api: { method: 'POST', path: `/admin/dead-letters/${LONG_ID}/replay`, json: undefined },
    field: 'id',
    label: 'Id',
  },
  {
    name: 'dismissing a failed job by an id too long',
    page: { path: '/settings/failed-jobs', fields: { intent: 'dismiss', id: LONG_ID } },
    api: { method: 'DELETE', path: `/admin/dead-letters/${LONG_ID}`, json: undefined },
    field: 'id',
    label: 'Id',
  },
];

/** What the page said: one sentence for the form, or (the New contact page) one beside each field. */
function pageSentence(body: { error?: string | { message: string }; errors?: Record<string, string> }, field: string) {
  if (body.errors) return body.errors[field.split('.')[0]!];
  return typeof body.error === 'string' ? body.error : body.error?.message;
}

describe('a page form and the API refuse the same bad input for the same field', () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
  });

  it.each(BAD_INPUTS)('$name', async ({ page, api: call, field, label }) => {
    const fromApi = await api(me, call.path, { method: call.method, json: call.json });
    expect(fromApi.status).toBe(400);
    const [issue] = (await json(fromApi)).error.details.issues;
    expect(issue.path).toBe(field);
    const fromPage = await postForm(me, page.path, page.fields);
    expect(fromPage.status).toBe(400);
    expect(pageSentence(await json(fromPage), field)).toBe(`${label} ${issue.message}`);
  });
});

describe("Telegram's login steps: the Settings card refuses what the API refuses, in the same words", () => {
  let me: Session;
  beforeAll(async () => {
    me = await signUp();
  });

  // The card lands back on Settings with the refusal in its query string, not a 400: it is a full-page form.
  it.each<{ step: string; fields: Record<string, string>; label: string }>([
    { step: 'login', fields: { phone: 'call me' }, label: 'Phone' },
    { step: 'code', fields: { code: 'one two' }, label: 'Code' },
    { step: 'password', fields: { password: '' }, label: 'Password' },
  ])('$step', async ({ step, fields, label }) => {
    const fromApi = await api(me, `/integrations/telegram/${step}`, { method: 'POST', json: fields });
    expect(fromApi.status).toBe(400);
    const [issue] = (await json(fromApi)).error.details.issues;
    expect(issue.path).toBe(Object.keys(fields)[0]);
    const fromPage = await as(me, '/settings/integrations/telegram', {
      method: 'POST',
      body: new URLSearchParams({ intent: step, ...fields }),
      redirect: 'manual',
    });
    expect(fromPage.status).toBe(302);
    const location = new URL(fromPage.headers.get('location')!, 'http://kith.test');
    expect(location.searchParams.get('integration_error')).toBe(`${label} ${issue.message}.`);
  });
});
