import { describe, expect, it } from 'vitest';
import { jobMessageSchema } from '../../worker/jobs/messages';

// A job that fails every retry keeps its message in dead_letters, for a user to read on Settings
// or, with no user attached, for nobody to clear. So no message carries an address or a secret
// in clear: such a field is sealed with ENCRYPTION_KEY and named `<what>_sealed`.
const NAMES_PRIVATE = /email|address|phone|password|secret|token|code|session|credential/;

describe('queue messages carry no address or secret in clear', () => {
  it('every field that names one is sealed', () => {
    const fields = jobMessageSchema.options.flatMap((option) =>
      Object.keys(option.shape).map((field) => `${option.shape.type.value}.${field}`),
    );
    expect(fields).toContain('send_password_reset.email_sealed');
    expect(fields.filter((field) => NAMES_PRIVATE.test(field.split('.')[1]!) && !field.endsWith('_sealed'))).toEqual([]);
  });
});
