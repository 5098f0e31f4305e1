import { z } from 'zod';
import { localDateSchema } from '../keep-in-touch/calendar-date-input';
import { singleLineText } from '../text-input';
import { LIFE_EVENT_KINDS, LIFE_EVENT_LIMITS } from './life-event-kinds';

const DAY_PATTERN = /^\d{4}(-\d{2}(-\d{2})?)?$/;

/** YYYY, YYYY-MM or YYYY-MM-DD, a real date. */
export const happenedOnSchema = z
  .string()
  .regex(DAY_PATTERN, 'must be YYYY, YYYY-MM or YYYY-MM-DD')
  .refine((s) => {
    if (!DAY_PATTERN.test(s)) return true;
    const [y, m = 1, d = 1] = s.split('-').map(Number) as [number, number?, number?];
    const date = new Date(Date.UTC(y, m - 1, d));
    return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'is not a date');

const fields = {
  kind: z.enum(LIFE_EVENT_KINDS).describe('What happened'),
  summary: singleLineText(LIFE_EVENT_LIMITS.summary).trim().min(1, 'is required').describe('One line: "New job at Acme as Head of Sales"'),
  happened_on: happenedOnSchema.nullable().optional().describe('When: YYYY, YYYY-MM or YYYY-MM-DD'),
  recurs: z
    .boolean()
    .optional()
    .describe(
      'Comes back every year on its day (a work anniversary, a wedding day): needs a full date; shown on Home and in the calendar feed',
    ),
  evidence: singleLineText(LIFE_EVENT_LIMITS.evidence).trim().nullable().optional().describe('Where you learnt it, in a line'),
};

/** A yearly event needs its day. */
function checkRecurs(input: { recurs?: boolean; happened_on?: string | null }, ctx: z.RefinementCtx) {
  if (input.recurs && input.happened_on !== undefined && (input.happened_on?.length ?? 0) !== 10)
    ctx.addIssue({ code: 'custom', path: ['recurs'], message: 'a yearly event needs a full date (YYYY-MM-DD)' });
}

export const createLifeEventSchema = z
  .object(fields)
  .strict()
  .superRefine((input, ctx) => checkRecurs({ ...input, happened_on: input.happened_on ?? null }, ctx));

const updateFields = {
  kind: fields.kind.optional(),
  summary: fields.summary.optional(),
  happened_on: fields.happened_on,
  recurs: fields.recurs,
  evidence: fields.evidence,
};

export const updateLifeEventSchema = z.object(updateFields).strict().superRefine(checkRecurs);

/** Accepting a proposal may correct it first (kind, summary, date, yearly) and ask for a reminder. */
export const acceptProposalSchema = z
  .object({
    ...updateFields,
    remind_on: localDateSchema
      .optional()
      .describe('Also remind me on this day (YYYY-MM-DD) to get in touch about it: on Home and in the calendar feed'),
  })
  .strict()
  .superRefine(checkRecurs);

export type CreateLifeEventInput = z.output<typeof createLifeEventSchema>;
export type AcceptProposalInput = z.output<typeof acceptProposalSchema>;
export type UpdateLifeEventInput = z.output<typeof updateLifeEventSchema>;
