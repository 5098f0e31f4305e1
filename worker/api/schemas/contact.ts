import { z } from '@hono/zod-openapi';

export const contactSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    full_name: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    company: z.object({ id: z.string(), name: z.string() }).nullable(),
    title: z.string().nullable(),
    tags: z.array(z.string()),
    priority: z.enum(['high', 'medium', 'low', 'archived']),
    notes: z.string().nullable(),
    location: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    geocoded_location: z.string().nullable(),
    geocoded_at: z.string().nullable(),
    geocode_status: z.enum(['none', 'pending', 'geocoded', 'no_result']),
    relationship_score: z.number(),
    avatar_url: z.string().nullable(),
    telegram_username: z.string().nullable(),
    twitter_handle: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    bios: z.object({ twitter: z.string().nullable(), telegram: z.string().nullable(), linkedin: z.string().nullable() }),
    source: z.string(),
    bcc_address: z.string().nullable(),
    connected_on: z.string().nullable().openapi({ description: 'When the relationship started (LinkedIn "Connected On"), YYYY-MM-DD' }),
    how_we_met: z.string().nullable().openapi({ description: 'How you met them, in your words ("introduced by Cy at Web Summit 2024")' }),
    last_interaction_at: z.string().nullable(),
    cadence: z
      .union([z.object({ every: z.number().int(), unit: z.enum(['day', 'week', 'month']) }), z.literal('none')])
      .nullable()
      .openapi({
        description:
          "Keep in touch every N days/weeks/months. 'none': no cadence even if the priority has a default; null: the priority's default (Settings)",
      }),
    next_due: z
      .string()
      .nullable()
      .openapi({ description: 'The date (YYYY-MM-DD, your time zone) the contact is next due; null without a cadence or when archived' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Contact');

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    website: z.string().nullable(),
    industry: z.string().nullable(),
    location: z.string().nullable(),
    logo_url: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .openapi('Organization');

export const userSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), time_zone: z.string(), created_at: z.string() })
  .openapi('User');
