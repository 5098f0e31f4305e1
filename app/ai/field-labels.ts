const LABELS: Record<string, string> = {
  first_name: 'first name',
  last_name: 'last name',
  title: 'title',
  company: 'company',
  location: 'location',
  linkedin_url: 'LinkedIn',
  twitter_handle: 'X handle',
  avatar_url: 'photo',
  emails: 'emails',
  phones: 'phones',
  company_website: 'company website',
  company_industry: 'company industry',
  company_location: 'company location',
  company_logo: 'company logo',
};

/** "company website" for company_website. */
export const fieldLabel = (field: string) => LABELS[field] ?? field.replace(/_/g, ' ');

/** "title, company and location" for a toast. */
export function describeFields(fields: string[]): string {
  const words = fields.map(fieldLabel);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}
