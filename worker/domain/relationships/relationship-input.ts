import { z } from 'zod';
import { recordIdSchema } from '../record-id';
import { singleLineText } from '../text-input';
import { RELATIONSHIP_KINDS } from './relationship-kinds';
import { RELATIONSHIP_LIMITS } from './relationship-limits';

export { RELATIONSHIP_LIMITS };

const SINCE_PATTERN = /^\d{4}(-\d{2}(-\d{2})?)?$/;

/** YYYY, YYYY-MM or YYYY-MM-DD, a real date. */
const sinceSchema = z
  .string()
  .regex(SINCE_PATTERN, 'must be YYYY, YYYY-MM or YYYY-MM-DD')
  .refine((s) => {
    // The pattern above reports a string that is no date at all.
    if (!SINCE_PATTERN.test(s)) return true;
    const [y, m = 1, d = 1] = s.split('-').map(Number) as [number, number?, number?];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'is not a date');

const label = singleLineText(RELATIONSHIP_LIMITS.label).trim();

const linkFields = {
  kind: z.enum(RELATIONSHIP_KINDS).describe('What the other is to this contact: on Ana\'s list, Bo as "child" is her child'),
  label: label.nullable().optional().describe('For kind "custom": what the other is to this contact ("godfather")'),
  inverse_label: label
    .nullable()
    .optional()
    .describe('For kind "custom": what this contact is to the other ("godchild"); the label when absent'),
  note: singleLineText(RELATIONSHIP_LIMITS.note).trim().nullable().optional(),
  since: sinceSchema.nullable().optional().describe('Since when: YYYY, YYYY-MM or YYYY-MM-DD'),
};

const personSchema = z
  .object({
    name: singleLineText(RELATIONSHIP_LIMITS.personName).trim().min(1, 'is required'),
    note: singleLineText(RELATIONSHIP_LIMITS.personNote).trim().nullable().optional(),
  })
  .strict();

type CustomLabels = { kind: string; label?: string | null; inverse_label?: string | null };

/** A custom kind needs its label; the others carry none. */
function checkLabels(input: CustomLabels, ctx: z.RefinementCtx, partial = false) {
  if (input.kind === 'custom' && !input.label && !partial)
    ctx.addIssue({ code: 'custom', path: ['label'], message: 'a custom relationship needs a label' });
  if (input.kind !== 'custom')
    for (const field of ['label', 'inverse_label'] as const)
      if (input[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'only a custom relationship takes a label' });
}

export const createRelationshipSchema = z
  .object({
    ...linkFields,
    other_contact_id: recordIdSchema.optional().describe('The contact on the other side'),
    person_id: recordIdSchema.optional().describe('A lightweight person already linked to one of your contacts'),
    person: personSchema.optional().describe('A new lightweight person: someone who is not a contact (yet)'),
  })
  .strict()
  .superRefine((input, ctx) => {
    checkLabels(input, ctx);
    const others = [input.other_contact_id, input.person_id, input.person].filter((x) => x !== undefined).length;
    if (others !== 1)
      ctx.addIssue({ code: 'custom', path: ['other_contact_id'], message: 'give exactly one of other_contact_id, person_id and person' });
  });

export const updateRelationshipSchema = z
  .object({
    kind: linkFields.kind.optional(),
    label: linkFields.label,
    inverse_label: linkFields.inverse_label,
    note: linkFields.note,
    since: linkFields.since,
  })
  .strict();

export type CreateRelationshipInput = z.output<typeof createRelationshipSchema>;
export type UpdateRelationshipInput = z.output<typeof updateRelationshipSchema>;
