import { z } from 'zod';
import { ProviderError } from '../../providers/provider-error';
import { singleLineText } from '../text-input';
import { webUrlSchema } from '../web-url';
import { hasNul } from '../text-rules';

// What we ask the model for. Every field is required and nullable, as OpenAI's strict
// structured outputs demand; the JSON schema below is generated from it.
const wireSchema = z
  .object({
    first_name: z.string().nullable().describe("The person's first (given) name, without company or emoji"),
    last_name: z.string().nullable().describe("The person's last (family) name, or null if there is none"),
    title: z.string().nullable().describe('Current job title'),
    company: z.string().nullable().describe('Current company or organization name'),
    company_website: z.string().nullable().describe("The company's website, e.g. https://stripe.com"),
    company_industry: z.string().nullable().describe("The company's industry"),
    company_location: z.string().nullable().describe("The company's headquarters city and country"),
  })
  .strict();

export const extractionJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(wireSchema) as Record<string, unknown>;
  return schema;
})();

const FIELDS = Object.keys(wireSchema.shape) as (keyof z.infer<typeof wireSchema>)[];

// What we accept back, field by field: a field that is missing, of the wrong type, too long
// or implausible becomes null and is simply not applied; the rest of the answer still counts.
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !hasNul(s))
    .nullable()
    .catch(null);
const namePart = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((s) => !hasNul(s) && !/[|@/\\<>{}\d]/.test(s) && !/https?:/i.test(s))
  .nullable()
  .catch(null);

/** "stripe.com", "https://www.stripe.com/about" -> "https://www.stripe.com"; anything else -> null. */
export function websiteOf(value: string): string | null {
  const candidate = /^https?:\/\//i.test(value.trim()) ? value.trim() : `https://${value.trim()}`;
  try {
    const url = new URL(candidate);
    if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(url.hostname)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const answerSchema = z.object({
  first_name: namePart,
  last_name: namePart,
  title: text(200),
  company: text(200),
  company_website: z
    .string()
    .max(500)
    .transform((v, ctx) => websiteOf(v) ?? (ctx.addIssue({ code: 'custom', message: 'not a website' }), z.NEVER))
    .nullable()
    .catch(null),
  company_industry: text(200),
  company_location: text(200),
});

export type Extraction = z.infer<typeof answerSchema>;

/**
 * An extraction as a client sends it back to apply (the one a preview showed): any field may be
 * left out. Input from a client follows the house rules (ADR 011): no control characters, and
 * a website is an http(s) address; a value that breaks them is a 400, not silently dropped.
 */
const sentText = singleLineText(200).nullable();
export const extractionInputSchema = z
  .object({
    first_name: singleLineText(100).nullable(),
    last_name: singleLineText(100).nullable(),
    title: sentText,
    company: sentText,
    company_website: webUrlSchema(500).nullable(),
    company_industry: sentText,
    company_location: sentText,
  })
  .partial();

/** Cleans a sent-back extraction by the same rules as the model's answer: an implausible field is not applied. */
export const cleanExtraction = (input: z.infer<typeof extractionInputSchema>): Extraction => answerSchema.parse(input);

/** Reads the model's answer; an answer with none of the expected fields is a provider error. */
export function readExtraction(answer: unknown): Extraction {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new ProviderError('llm', 'bad_response', 'answer is not an object');
  if (!FIELDS.some((f) => f in answer)) throw new ProviderError('llm', 'bad_response', 'answer has none of the expected fields');
  return answerSchema.parse(answer);
}
