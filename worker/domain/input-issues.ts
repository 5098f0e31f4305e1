import type { z } from 'zod';

/**
 * The problems of a refused input, each naming the field that is wrong. An input that fits
 * none of a union's variants (`{"for": …}` | `{"until": …}`) is read by the variant whose keys
 * it has (the only one without unrecognized keys), not as "(root) Invalid input". The API's
 * 400 and a page form's sentence both come from here.
 */
export function inputIssues(error: z.ZodError): z.core.$ZodIssue[] {
  return error.issues.flatMap((issue) => issuesOf(issue, []));
}

function issuesOf(issue: z.core.$ZodIssue, prefix: PropertyKey[]): z.core.$ZodIssue[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union') {
    const fitting = issue.errors.filter((variant) => !variant.some((i) => i.code === 'unrecognized_keys'));
    if (fitting.length === 1 && fitting[0]!.length) return fitting[0]!.flatMap((i) => issuesOf(i, path));
  }
  return [{ ...issue, path }];
}
