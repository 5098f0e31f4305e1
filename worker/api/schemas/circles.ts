import { z } from '@hono/zod-openapi';

const person = z.object({ id: z.string(), name: z.string() });

export const birthdaySchema = z.object({
  month: z.number().int(),
  day: z.number().int(),
  year: z.number().int().nullable(),
  age: z.number().int().nullable().openapi({ description: 'Their age today, when the year is known' }),
  next: z.string().openapi({ description: 'The next birthday on or after today (YYYY-MM-DD)' }),
});

export const familySchema = z
  .object({
    contact: person,
    members: z.array(
      person.extend({
        type: z.enum(['contact', 'person']).openapi({ description: 'A contact, or a lightweight person linked to one' }),
        relation: z.string().openapi({ description: 'What they are, in words: "spouse", or "child of Bo" when found through Bo' }),
        distance: z.number().int().openapi({ description: '1: linked to the contact; 2 or 3: through someone' }),
        via: person.nullable(),
        generation: z.number().int().nullable().openapi({ description: "-1 the contact's parents' generation, 1 their children's" }),
        birthday: birthdaySchema.nullable(),
        note: z.string().nullable(),
      }),
    ),
    truncated: z.boolean().openapi({ description: 'True when the family was cut at 60 people' }),
  })
  .openapi('Family');

export const neighbourhoodSchema = z
  .object({
    contact: person,
    nodes: z.array(
      person.extend({
        type: z.enum(['contact', 'person']),
        ring: z
          .union([z.literal(0), z.literal(1), z.literal(2)])
          .openapi({ description: '0 the contact, 1 linked to them, 2 one more link out' }),
        parent: z.string().nullable().openapi({ description: 'For ring 2: the person of ring 1 it was reached through' }),
      }),
    ),
    edges: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        relation: z.string().openapi({ description: 'What `to` is to `from`, in words' }),
      }),
    ),
    left_out: z
      .object({ first: z.number().int(), second: z.number().int() })
      .openapi({ description: 'People linked but left out of each ring (12 in the first, 16 in the second)' }),
  })
  .openapi('Neighbourhood');
