import { authenticationResponseSchema, registrationResponseSchema } from '../../worker/domain/auth/passkeys/passkey-input';
import { AppError } from '../../worker/domain/errors';
import { plainIssue } from '../http/plain-issue';

/** The browser's answer, as the page's ceremony posts it: one form field of JSON, read by the API's schema. */
function readAnswer<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: unknown[] } } },
  field: FormDataEntryValue | null,
): T {
  let value: unknown;
  try {
    value = JSON.parse(typeof field === 'string' && field.length <= 40_000 ? field : '');
  } catch {
    throw new AppError('invalid_request', 'The passkey answer could not be read; try again');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('invalid_request', `The passkey answer could not be read: ${plainIssue(parsed.error.issues[0] as never)}`);
  return parsed.data;
}

export const assertionOf = (field: FormDataEntryValue | null) => readAnswer(authenticationResponseSchema, field);
export const attestationOf = (field: FormDataEntryValue | null) => readAnswer(registrationResponseSchema, field);
