import type { z } from 'zod';

// What each form field is called on the page. Field names are for the API; people read these.
const FIELD_NAMES: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  emails: 'Email',
  phones: 'Phone',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  title: 'Title',
  location: 'Location',
  notes: 'Notes',
  tags: 'Tag',
  priority: 'Priority',
  telegram_username: 'Telegram username',
  twitter_handle: 'X handle',
  linkedin_url: 'LinkedIn URL',
  name: 'Name',
  website: 'Website',
  industry: 'Industry',
  body: 'Text',
  occurred_at: 'Date',
  password: 'Password',
  code: 'Code',
};

const sentence = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/**
 * One validation problem in the words of the page: "Email 2 must be a valid email address",
 * not "emails.1 must be a valid email address". `names` overrides a field's name for one form
 * ("The token name"), or names a field inside one by its path ("cadence_defaults.high").
 */
export function plainIssue(issue: z.core.$ZodIssue | undefined, names: Record<string, string> = {}): string {
  if (!issue) return 'Check the form';
  for (let end = issue.path.length; end > 1; end--) {
    const nested = names[issue.path.slice(0, end).join('.')];
    if (nested) return `${nested} ${issue.message}`;
  }
  const [field, index] = issue.path;
  if (typeof field !== 'string') return sentence(issue.message);
  const name = names[field] ?? FIELD_NAMES[field] ?? sentence(field.replace(/_/g, ' '));
  return `${name}${typeof index === 'number' ? ` ${index + 1}` : ''} ${issue.message}`;
}
