import { z } from 'zod';
import { cadenceSchema } from '../keep-in-touch/calendar-date-input';
import { multiLineText, singleLineText } from '../text-input';
import { webUrlSchema } from '../web-url';
import { CONTACT_LIMITS, PRIORITIES, SOURCES, TAG_MAX_LENGTH } from './contact-values';
import { isLinkedinProfile } from './normalize';

// API.md "Input limits": beyond a limit is a 400, never a truncation; control characters are
// refused (ADR 011), line breaks only in notes and bios.
const text = singleLineText;
const nullableText = (max: number) => text(max).nullable();

export { PRIORITIES, SOURCES };
export const prioritySchema = z.enum(PRIORITIES);
export const sourceSchema = z.enum(SOURCES);

export const emailSchema = text(254).trim().pipe(z.email('must be a valid email address'));
export const phoneSchema = text(40)
  .trim()
  .refine((v) => /\d{3,}/.test(v.replace(/\D/g, '')) && /^[+\d\s().\-/x]+$/i.test(v), 'must be a phone number');
const handleSchema = text(64)
  .trim()
  .refine((v) => /^@?[A-Za-z0-9_.]{1,64}$/.test(v), 'must be a handle of letters, digits, _ or .');
const linkedinSchema = text(200).trim().refine(isLinkedinProfile, 'must be a LinkedIn profile URL (https://www.linkedin.com/in/...)');
export const tagSchema = text(TAG_MAX_LENGTH).trim().min(1, 'must not be empty');
/** A company as a contact names it (also the bulk "set company" value). */
export const companyNameSchema = text(CONTACT_LIMITS.line);

export const contactFields = {
  first_name: nullableText(CONTACT_LIMITS.line),
  last_name: nullableText(CONTACT_LIMITS.line),
  emails: z.array(emailSchema).max(CONTACT_LIMITS.emails, `at most ${CONTACT_LIMITS.emails} emails`),
  phones: z.array(phoneSchema).max(CONTACT_LIMITS.phones, `at most ${CONTACT_LIMITS.phones} phones`),
  company: companyNameSchema.nullable(),
  company_id: z.string().max(64).nullable(),
  title: nullableText(CONTACT_LIMITS.line),
  tags: z.array(tagSchema).max(CONTACT_LIMITS.tags, `at most ${CONTACT_LIMITS.tags} tags`),
  priority: prioritySchema,
  notes: multiLineText(CONTACT_LIMITS.notes).nullable(),
  location: nullableText(CONTACT_LIMITS.line),
  telegram_username: handleSchema.nullable(),
  twitter_handle: handleSchema.nullable(),
  linkedin_url: linkedinSchema.nullable(),
  bios: z
    .object({ twitter: multiLineText(2000).nullable(), telegram: multiLineText(2000).nullable(), linkedin: multiLineText(2000).nullable() })
    .partial()
    .strict(),
  avatar_url: webUrlSchema(2000).nullable(),
  how_we_met: nullableText(CONTACT_LIMITS.howWeMet),
  /** Keep in touch every N days/weeks/months; 'none' even if the priority has a default; null: the priority's default. */
  cadence: z.union([cadenceSchema, z.literal('none')]).nullable(),
};

export const contactUpdateSchema = z.object(contactFields).partial().strict();
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

// The refusal reads after its field's name, as every message here does: "First name is needed (or …)" on the page.
export const contactCreateSchema = contactUpdateSchema
  .extend({ source: sourceSchema.optional() })
  .refine(
    (c) =>
      Boolean(c.first_name?.trim() || c.last_name?.trim()) ||
      Boolean(c.emails?.length || c.phones?.length || c.telegram_username || c.twitter_handle || c.linkedin_url),
    { message: 'is needed (or a last name, email, phone, handle or LinkedIn URL)', path: ['first_name'] },
  );
export type ContactCreate = z.infer<typeof contactCreateSchema>;
