import * as Dialog from '@radix-ui/react-dialog';
import { Form } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

interface ConfirmFormProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Hidden inputs posted when the user confirms. */
  children: ReactNode;
  action?: string;
}

/** A destructive form that only posts after the user confirms in a dialog. */
export function ConfirmForm({ trigger, title, description, confirmLabel, children, action }: ConfirmFormProps) {
  const [open, setOpen] = useState(false);
  // Confirmed, the row it sat in often goes (a deleted tag): then focus goes to the page's heading.
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</Dialog.Description>
          <Form method="post" action={action} className="mt-6 flex justify-end gap-2">
            {children}
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="danger">
              {confirmLabel}
            </Button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
