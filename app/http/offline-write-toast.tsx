import { useSubmit } from '@remix-run/react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { OFFLINE_WRITE_EVENT, type OfflineWrite } from './offline-safe-action';

/** The one message for a write that never reached Kith, with Retry sending it again. */
export function notSavedToast(retry: () => void): void {
  toast.error('Not saved: Kith could not be reached', {
    id: 'offline-write',
    description: 'What you typed is kept. Retry once you are back online.',
    action: { label: 'Retry', onClick: retry },
  });
}

/**
 * Says so when a page form's write never reached Kith, and offers Retry, which posts the same
 * form again. Lives in the app layout: the page that failed may be any page with a `<Form>`.
 */
export function OfflineWriteToast() {
  const submit = useSubmit();
  useEffect(() => {
    const handle = (event: Event) => {
      const { formData, action } = (event as CustomEvent<OfflineWrite>).detail;
      notSavedToast(() => submit(formData, { method: 'post', action }));
    };
    window.addEventListener(OFFLINE_WRITE_EVENT, handle);
    return () => window.removeEventListener(OFFLINE_WRITE_EVENT, handle);
  }, [submit]);
  return null;
}
