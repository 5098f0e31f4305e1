import { z } from 'zod';
import type { Command } from '../../worker/domain/command';
import { inputIssues } from '../../worker/domain/input-issues';
import { plainIssue } from './plain-issue';

export type CommandForm<T> = { ok: true; input: T } | { ok: false; field: string; error: string };

/**
 * A page form's fields read by a command's own input schema (worker/domain/command.ts), the
 * one the API reads its body with. Only the fields the command takes are read: a form also
 * carries its `intent` and whatever a page adds, which pages have always ignored (the API's
 * body, strict, refuses them). The first problem comes back in the page's words, with its field.
 */
export function commandForm<I extends z.ZodType>(
  command: { input: I },
  fields: FormData | Record<string, unknown>,
  names: Record<string, string> = {},
): CommandForm<z.output<I>> {
  const all: Record<string, unknown> = fields instanceof FormData ? Object.fromEntries(fields) : fields;
  const known =
    command.input instanceof z.ZodObject ? Object.keys(command.input.shape) : Object.keys(all).filter((key) => key !== 'intent');
  const parsed = command.input.safeParse(Object.fromEntries(known.filter((key) => key in all).map((key) => [key, all[key]])));
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = inputIssues(parsed.error)[0];
  return { ok: false, field: String(issue?.path[0] ?? ''), error: plainIssue(issue, names) };
}

export type CommandFormResult<R> = { ok: true; result: R } | { ok: false; field: string; error: string };

/** A command run from a page form: its result, or the form's first problem (nothing was written). */
export async function runCommandForm<I extends z.ZodType, Context, Result>(
  command: Command<I, Context, Result>,
  context: Context,
  fields: FormData | Record<string, unknown>,
  names: Record<string, string> = {},
): Promise<CommandFormResult<Result>> {
  const parsed = commandForm(command, fields, names);
  return parsed.ok ? { ok: true, result: await command.run(context, parsed.input) } : parsed;
}
