import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { createContactCommand } from '../../worker/domain/contacts/contact-commands';
import { CONTACT_LIMITS } from '../../worker/domain/contacts/contact-values';
import { AppError } from '../../worker/domain/errors';
import { requireUser } from '../auth/session.server';
import { parseContactForm, type FormErrors } from '../contacts/contact-form-data.server';
import { Button, buttonClass } from '../components/ui/button';
import { inputClass, TextField } from '../components/ui/text-field';
import { PageHeader } from '../layout/page-header';
import { redirect } from '../http/redirect.server';
import { readForm } from '../http/read-form.server';
import { offlineSafeFormAction } from '../http/offline-safe-action';
import { skipAfterOfflineWrite } from '../routing/revalidation';

export const meta: MetaFunction = () => [{ title: 'New contact · Kith' }];

type ActionData = { errors: FormErrors; existing?: { id: string; full_name: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  const parsed = parseContactForm(await readForm(request));
  if (parsed.errors) return json<ActionData>({ errors: parsed.errors }, { status: 400 });
  try {
    const contact = await createContactCommand.run({ deps, user }, parsed.data);
    return redirect(`/contacts/${contact.id}`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'duplicate_identifier') {
      const details = error.details as { field: string; existing_contact: { id: string; full_name: string } };
      return json<ActionData>({ errors: { [details.field]: error.message }, existing: details.existing_contact }, { status: 409 });
    }
    throw error;
  }
}

export const clientAction = offlineSafeFormAction;
export const shouldRevalidate = skipAfterOfflineWrite;

export default function NewContactPage() {
  const data = useActionData<typeof action>();
  const errors: FormErrors = data?.errors ?? {};
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title="New contact" description="A name, or an email, phone, handle or LinkedIn URL is enough." />
      <Form method="post" className="mx-auto max-w-3xl space-y-6 p-6" noValidate>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.form}
          </p>
        ) : null}
        {data?.existing ? (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
            This identifier already belongs to{' '}
            <Link className="font-medium underline" to={`/contacts/${data.existing.id}`}>
              {data.existing.full_name || 'another contact'}
            </Link>
            .
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="first_name" autoFocus maxLength={CONTACT_LIMITS.line} error={errors.first_name} />
          <TextField label="Last name" name="last_name" maxLength={CONTACT_LIMITS.line} error={errors.last_name} />
          <TextField label="Emails" name="emails" hint="Separate several with commas" error={errors.emails} />
          <TextField label="Phones" name="phones" hint="Separate several with commas" error={errors.phones} />
          <TextField label="Company" name="company" maxLength={CONTACT_LIMITS.line} error={errors.company} />
          <TextField label="Title" name="title" maxLength={CONTACT_LIMITS.line} error={errors.title} />
          <TextField
            label="Location"
            name="location"
            placeholder="Berlin, Germany"
            maxLength={CONTACT_LIMITS.line}
            error={errors.location}
          />
          <TextField label="Tags" name="tags" hint="Separate with commas" error={errors.tags} />
          <TextField label="Telegram username" name="telegram_username" error={errors.telegram_username} />
          <TextField label="X handle" name="twitter_handle" error={errors.twitter_handle} />
          <TextField label="LinkedIn URL" name="linkedin_url" error={errors.linkedin_url} />
          <div className="space-y-1">
            <label htmlFor="priority" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              Priority
            </label>
            <select id="priority" name="priority" defaultValue="medium" className={inputClass}>
              <option value="high">High</option>
              <option value="medium">Medium</option>
              <option value="low">Low</option>
            </select>
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor="notes" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
            Notes
          </label>
          <textarea id="notes" name="notes" rows={4} className={inputClass} maxLength={CONTACT_LIMITS.notes} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            Save contact
          </Button>
          <Link to="/contacts" className={buttonClass('secondary')}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
