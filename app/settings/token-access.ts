import type { Scope } from '../../worker/domain/auth/scopes';

/** The choices Settings offers when a token is made (the API takes any list of scopes). */
export const TOKEN_ACCESS = [
  { value: 'read', label: 'Read only', hint: 'Contacts and their data', scopes: ['contacts:read'] },
  { value: 'write', label: 'Read and write', hint: 'Contacts and their data', scopes: ['contacts:read', 'contacts:write'] },
  {
    value: 'account',
    label: 'Read, write and account',
    hint: 'Also tokens, the calendar feed, password and two-factor, exports and settings',
    scopes: ['contacts:read', 'contacts:write', 'account'],
  },
] as const satisfies readonly { value: string; label: string; hint: string; scopes: readonly Scope[] }[];

export const DEFAULT_TOKEN_ACCESS = 'write';

/** The scopes of a choice from the form, or null for a value that is not one. */
export function scopesOfAccess(value: unknown): Scope[] | null {
  const found = TOKEN_ACCESS.find((access) => access.value === value);
  return found ? [...found.scopes] : null;
}

/** A token's scopes in the page's words: the choice they match, or the scopes themselves. */
export function accessLabel(scopes: readonly string[]): string {
  const found = TOKEN_ACCESS.find((access) => access.scopes.join(' ') === scopes.join(' '));
  return found ? found.label : scopes.join(', ') || 'No access';
}
