import { as, json, type Session } from '../support/client';

// What the bio tests share (bio-extraction, bio-job-change): the wand's request, a contact as
// the API answers it, and a model's answer holding every field the wand's schema asks for.

/** The wand on a contact (POST /contacts/{id}/extract-bio): without a body it asks the model and applies. */
export const wand = (me: Session, id: string, body?: unknown) =>
  as(me, `/api/v1/contacts/${id}/extract-bio`, { method: 'POST', ...(body === undefined ? {} : { json: body }) });

export const read = async (me: Session, id: string) => (await json(await as(me, `/api/v1/contacts/${id}`))).data;

/** The model's answer: `fields` over nothing found. */
export const answer = (fields: Record<string, unknown>) => ({
  first_name: null,
  last_name: null,
  title: null,
  company: null,
  company_website: null,
  company_industry: null,
  company_location: null,
  ...fields,
});
