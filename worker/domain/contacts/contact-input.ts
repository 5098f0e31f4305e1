import { z } from 'zod';
import { cadenceSchema } from '../keep-in-touch/calendar-dates';

// API.md "Input limits": beyond a limit is a 400, never a truncation; NUL is refused.
const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) =>
  z.string().max(max, `must be at most ${max} characters`).refine(noNul, 'must not contain NUL characters');
const nullableText = (max: number) => text(max).nullable();

export const PRIORITIES = ['high', 'medium', 'low', 'archived'] as const;
export const SOURCES = ['manual', 'csv', 'linkedin', 'google', 'email', 'telegram', 'twitter'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export const sourceSchema = z.enum(SOURCES);

export const emailSchema = text(254).trim().pipe(z.email('must be a valid email address'));
export const phoneSchema = text(40)
  .trim()
  .refine((v) => /\d{3,}/.test(v.replace(/\D/g, '')) && /^[+\d\s().\-/x]+$/i.test(v), 'must be a phone number');
const handleSchema = text(64)
  .trim()
  .refine((v) => /^@?[A-Za-z0-9_.]{1,64}$/.test(v), 'must be a handle of letters, digits, _ or .');
const linkedinSchema = text(200)
  .trim()
  .refine((v) => /linkedin\.com\/(in|pub)\/[^/?#]+/i.test(v) || /^[A-Za-z0-9\-_%]{2,100}$/.test(v), 'must be a LinkedIn profile URL');
export const tagSchema = text(64).trim().min(1, 'must not be empty');
const urlSchema = text(2000).refine((v) => /^https?:\/\//i.test(v), 'must be an http(s) URL');

export const contactFields = {
  first_name: nullableText(200),
  last_name: nullableText(200),
  emails: z.array(emailSchema).max(20, 'at most 20 emails'),
  phones: z.array(phoneSchema).max(20, 'at most 20 phones'),
  company: nullableText(200),
  company_id: z.string().max(64).nullable(),
  title: nullableText(200),
  tags: z.array(tagSchema).max(100, 'at most 100 tags'),
  priority: prioritySchema,
  notes: nullableText(20_000),
  location: nullableText(200),
  telegram_username: handleSchema.nullable(),
  twitter_handle: handleSchema.nullable(),
  linkedin_url: linkedinSchema.nullable(),
  bios: z
    .object({ twitter: nullableText(2000), telegram: nullableText(2000), linkedin: nullableText(2000) })
    .partial()
    .strict(),
  avatar_url: urlSchema.nullable(),
  /** Keep in touch every N days/weeks/months; 'none' even if the priority has a default; null: the priority's default. */
  cadence: z.union([cadenceSchema, z.literal('none')]).nullable(),
};

export const contactUpdateSchema = z.object(contactFields).partial().strict();
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

export const contactCreateSchema = contactUpdateSchema
  .extend({ source: sourceSchema.optional() })
  .refine(
    (c) =>
      Boolean(c.first_name?.trim() || c.last_name?.trim()) ||
      Boolean(c.emails?.length || c.phones?.length || c.telegram_username || c.twitter_handle || c.linkedin_url),
    { message: 'A contact needs a name or at least one email, phone, handle or LinkedIn URL', path: ['first_name'] },
  );
export type ContactCreate = z.infer<typeof contactCreateSchema>;
