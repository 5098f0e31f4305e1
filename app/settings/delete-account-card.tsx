import * as Dialog from '@radix-ui/react-dialog';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useReturnFocus } from '../components/ui/return-focus';
import { TextField } from '../components/ui/text-field';
import type { SettingsActionData } from './settings-actions.server';

export function DeleteAccountCard({ email, result }: { email: string; result?: SettingsActionData }) {
  const busy = useNavigation().state === 'submitting';
  const error = result?.intent === 'delete-account' ? result.error : null;
  const [open, setOpen] = useState(false);
  const returnFocus = useReturnFocus(open);
  return (
    <Card title="Delete account" className="border-red-200 dark:border-red-900">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Permanently removes your account, every contact, interaction, note and organization. This cannot be undone.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button variant="danger" className="mt-3">
            Delete my account…
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 bg-black/40" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            className="fixed top-1/2 left-1/2 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900"
          >
            <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Type <strong>{email}</strong> and your password to confirm.
            </Dialog.Description>
            <Form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="delete-account" />
              <TextField label="Your email" name="confirm_email" autoComplete="off" required />
              <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" variant="danger" disabled={busy}>
                  Delete everything
                </Button>
              </div>
            </Form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Card>
  );
}
