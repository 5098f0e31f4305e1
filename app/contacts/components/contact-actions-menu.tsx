import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useFetcher, useNavigate } from '@remix-run/react';
import { MoreHorizontal, RefreshCw, Trash2 } from '../../components/icons';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { MenuRoot } from '../../components/ui/menu-root';
import type { ContactView } from '../../../worker/domain/contacts/contact-view';
import { deleteWithUndo } from '../pending-deletes';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/**
 * The "⋯" menu in the contact page header. `extraItems` are DropdownMenu.Items other
 * features add (enrichment: "Enrich with Apollo"). `syncChannels` names the connected
 * channels this contact can be synced from; with none, there is nothing to sync and no item.
 */
export function ContactActionsMenu({
  contact,
  extraItems,
  syncChannels = [],
}: {
  contact: ContactView;
  extraItems?: ReactNode;
  syncChannels?: string[];
}) {
  const fetcher = useFetcher();
  const navigate = useNavigate();
  // No "are you sure": the delete waits a few seconds for Undo, back on the contact list.
  const handleDelete = () => {
    deleteWithUndo([contact.id], contact.full_name || 'the contact', { onUndo: () => navigate(`/contacts/${contact.id}`) });
    navigate('/contacts');
  };
  return (
    <MenuRoot>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label="More actions"
          className="inline-flex items-center justify-center rounded-md border border-slate-300 p-2 hover:bg-slate-50 max-sm:min-h-11 max-sm:min-w-11 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          <MoreHorizontal aria-hidden className="h-4 w-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {syncChannels.length ? (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                fetcher.submit({ intent: 'sync' }, { method: 'post' });
                toast.success(`Sync requested: ${syncChannels.join(' and ')} messages update in the background (at most hourly)`);
              }}
            >
              <RefreshCw aria-hidden className="h-4 w-4" /> Sync messages now
            </DropdownMenu.Item>
          ) : null}
          {extraItems}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={`${itemClass} text-red-600`} onSelect={handleDelete}>
            <Trash2 aria-hidden className="h-4 w-4" /> Delete contact
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </MenuRoot>
  );
}
