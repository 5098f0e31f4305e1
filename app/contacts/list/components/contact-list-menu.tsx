import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@remix-run/react';
import { MoreHorizontal, Upload, UserMinus } from '../../../components/icons';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { MenuRoot } from '../../../components/ui/menu-root';
import { buttonClass } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { api, ApiError, dataOf } from '../../../api/client';
import { useRateLimit } from '../../../rate-limit/rate-limit-context';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/**
 * The list's "⋯" menu, for what is rare or destructive. SPEC §1 "Delete 2nd Tier contacts"
 * removes everyone tagged "2nd tier" (group participants never messaged directly), after a
 * confirmation that shows how many that is.
 */
export function ContactListMenu({ onDeleted }: { onDeleted: () => void }) {
  const { limitFor, limited } = useRateLimit();
  const [count, setCount] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const handleOpen = async () => {
    setCount(null);
    setOpen(true);
    try {
      setCount((await dataOf(api.contacts['2nd-tier'].count.$get(), limitFor)).count);
    } catch (error) {
      setOpen(false);
      if (!(error instanceof ApiError && error.status === 429)) toast.error('Could not count the 2nd Tier contacts');
    }
  };

  const handleDelete = async () => {
    setRunning(true);
    try {
      const { deleted_count } = await dataOf(api.contacts['2nd-tier'].$delete(), limitFor);
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
      <MenuRoot>
        <DropdownMenu.Trigger asChild>
          <button ref={trigger} type="button" aria-label="More actions" className={buttonClass('secondary', 'px-2.5')}>
            <MoreHorizontal aria-hidden className="h-4 w-4" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/import">
                <Upload aria-hidden className="h-4 w-4" /> Import contacts
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
            <DropdownMenu.Item
              className={`${itemClass} text-red-700 dark:text-red-400`}
              disabled={limited}
              onSelect={() => void handleOpen()}
            >
              <UserMinus aria-hidden className="h-4 w-4" /> Delete 2nd Tier contacts…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </MenuRoot>
      <Dialog
        returnFocusTo={trigger}
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
