import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { apiFetch, ApiError } from '../../../rate-limit/api-fetch';
import { useRateLimit } from '../../../rate-limit/rate-limit-context';

/**
 * SPEC §1 "Delete 2nd Tier contacts": removes everyone tagged "2nd tier" (group participants
 * never messaged directly), after a confirmation that shows how many that is.
 */
export function SecondTierButton({ onDeleted }: { onDeleted: () => void }) {
  const { limitFor, limited } = useRateLimit();
  const [count, setCount] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);

  const handleOpen = async () => {
    setCount(null);
    setOpen(true);
    try {
      setCount((await apiFetch<{ count: number }>('/contacts/2nd-tier/count', {}, limitFor)).count);
    } catch (error) {
      setOpen(false);
      if (!(error instanceof ApiError && error.status === 429)) toast.error('Could not count the 2nd Tier contacts');
    }
  };

  const handleDelete = async () => {
    setRunning(true);
    try {
      const { deleted_count } = await apiFetch<{ deleted_count: number }>('/contacts/2nd-tier', { method: 'DELETE' }, limitFor);
      toast.success(`Deleted ${deleted_count.toLocaleString('en')} 2nd Tier ${deleted_count === 1 ? 'contact' : 'contacts'}`);
      setOpen(false);
      onDeleted();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429)) toast.error(error instanceof Error ? error.message : 'Delete failed');
    } finally {
      setRunning(false);
    }
  };

  const people = count === null ? '' : `${count.toLocaleString('en')} ${count === 1 ? 'contact' : 'contacts'}`;
  return (
    <>
      <button type="button" className={buttonClass('secondary', 'disabled:opacity-50')} onClick={handleOpen} disabled={limited}>
        <UserMinus className="h-4 w-4" aria-hidden="true" /> Delete 2nd Tier contacts
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete 2nd Tier contacts"
        description={
          count === null
            ? 'Counting contacts tagged “2nd tier”…'
            : count === 0
              ? 'No contacts are tagged “2nd tier”. There is nothing to delete.'
              : `This permanently deletes ${people} tagged “2nd tier” — group participants you never messaged directly — with their interactions. It cannot be undone.`
        }
        footer={
          <>
            <DialogClose className={buttonClass('secondary')}>Cancel</DialogClose>
            <button type="button" className={buttonClass('danger')} disabled={!count || running || limited} onClick={handleDelete}>
              {running ? 'Deleting…' : count ? `Delete ${people}` : 'Delete'}
            </button>
          </>
        }
      />
    </>
  );
}
