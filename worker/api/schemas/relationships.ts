import { z } from '@hono/zod-openapi';
import { RELATIONSHIP_KINDS } from '../../domain/relationships/relationship-kinds';

export const relationshipSchema = z
  .object({
    id: z.string().openapi({ description: 'The link: both contacts of a link between contacts see the same id' }),
    contact_id: z.string(),
    kind: z.enum(RELATIONSHIP_KINDS).openapi({ description: 'What the other is to this contact' }),
    label: z.string().nullable().openapi({ description: 'The custom kind\'s label ("godfather"), else null' }),
    description: z.string().openapi({ description: 'What the other is to this contact, in words ("child", "introduced you")' }),
    group: z.enum(['family', 'work', 'how_we_met', 'other']),
    note: z.string().nullable(),
    since: z.string().nullable().openapi({ description: 'YYYY, YYYY-MM or YYYY-MM-DD' }),
    other: z.object({
      type: z.enum(['contact', 'person']).openapi({ description: 'A contact, or a lightweight person who is not a contact' }),
      id: z.string(),
      name: z.string(),
      note: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Relationship');
