import { z } from '@hono/zod-openapi';

const person = z.object({ id: z.string(), name: z.string() });

const paths = z.array(
  z.object({
    score: z
      .number()
      .openapi({ description: "Higher is better: your tie to the introducer, weighed by each tie's strength and the path's length" }),
    hops: z.union([z.literal(2), z.literal(3)]).openapi({ description: '2: you → introducer → them; 3: through one more person' }),
    introducer: person.extend({ relationship_score: z.number(), last_interaction_at: z.string().nullable() }),
    steps: z.array(
      z.object({
        from: person,
        to: person,
        evidence: z.array(z.object({ type: z.enum(['relationship', 'organization', 'group']), text: z.string() })),
      }),
    ),
  }),
);

export const introPathsSchema = z.object({ target: person, paths }).openapi('IntroPaths');

export const organizationIntroPathsSchema = z
  .object({
    organization: person,
    paths: paths.openapi({ description: "Each path ends at someone at the organization (its last step's `to`)" }),
  })
  .openapi('OrganizationIntroPaths');
