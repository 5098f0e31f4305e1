import { Link } from '@remix-run/react';
import { memo } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { ExplainedScoreBadge } from '../../contacts/components/explained-score-badge';
import type { MapPin } from '../hooks/use-map-data';
import type { UnplacedContact } from '../../../worker/domain/map/network-view-queries';

interface MapSidebarProps {
  /** The viewport's box, for "List these" on the contact list. */
  bbox: string | null;
  /** The list's filters the map shows ("show on map"), as an API query; '' for everyone. */
  filterQuery: string;
  unplaced: { total: number; contacts: UnplacedContact[] };
  pins: MapPin[];
  totalInBounds: number;
  loading: boolean;
  error: string | null;
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
}

/** SPEC §1: the contacts in view, highest score first; each row opens the contact. */
export function MapSidebar({
  pins,
  totalInBounds,
  loading,
  error,
  highlightedId,
  onHighlight,
  unplaced,
  bbox,
  filterQuery,
}: MapSidebarProps) {
  return (
    <aside
      aria-label="Contacts in view"
      className="flex w-full shrink-0 flex-col border-l border-slate-200 bg-white md:w-80 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold">
          {totalInBounds === 1 ? '1 contact in view' : `${totalInBounds.toLocaleString('en')} contacts in view`}
          {loading ? <span className="ml-2 text-xs font-normal text-slate-500">updating…</span> : null}
        </h2>
        {bbox && totalInBounds > 0 && !filterQuery ? (
          <Link
            to={`/contacts?bbox=${bbox}`}
            className="mt-1 inline-block text-xs font-medium text-brand-700 underline dark:text-brand-100"
          >
            List these on the contact list
          </Link>
        ) : null}
        {totalInBounds > pins.length ? (
          <p role="status" className="mt-1 text-xs text-amber-700 dark:text-amber-400">
            Showing {pins.length} of {totalInBounds.toLocaleString('en')} - zoom in for more
          </p>
        ) : null}
        {error ? <p className="mt-1 text-xs text-rose-600">Could not load the contacts in view.</p> : null}
      </header>
      {pins.length === 0 && !loading ? (
        <p className="p-4 text-sm text-slate-500">No contacts here. Zoom out, or add a location to your contacts to see them on the map.</p>
      ) : null}
      <ol className="min-h-0 flex-1 overflow-y-auto" data-testid="map-sidebar-list">
        {pins.map((pin) => (
          <SidebarRow
            key={pin.id}
            id={pin.id}
            name={pin.full_name}
            avatarUrl={pin.avatar_url}
            score={pin.relationship_score}
            highlighted={highlightedId === pin.id}
            onHighlight={onHighlight}
          />
        ))}
      </ol>
      {unplaced.total > 0 ? <NotOnTheMap unplaced={unplaced} /> : null}
    </aside>
  );
}

/**
 * One contact in view. Memoised on what it shows: the map's every move re-renders the sidebar
 * (its box, "updating…", the highlighted pin), and up to 500 rows each drawing again held the
 * page's one thread while the map asked for and drew its next clusters. A refresh now renders
 * only the rows that came, went or changed. The score sits beside the link, not in it: its
 * explanation is a button of its own (on a tap, a hover or keyboard focus).
 */
const SidebarRow = memo(function SidebarRow({
  id,
  name,
  avatarUrl,
  score,
  highlighted,
  onHighlight,
}: {
  id: string;
  name: string;
  avatarUrl: string | null;
  score: number;
  highlighted: boolean;
  onHighlight: (id: string | null) => void;
}) {
  return (
    <li
      className={`flex items-center gap-2 pr-4 hover:bg-slate-50 dark:hover:bg-slate-800 ${highlighted ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
    >
      <Link
        to={`/contacts/${id}`}
        onMouseEnter={() => onHighlight(id)}
        onMouseLeave={() => onHighlight(null)}
        onFocus={() => onHighlight(id)}
        onBlur={() => onHighlight(null)}
        className="flex min-w-0 flex-1 items-center gap-3 py-2 pl-4 text-sm"
      >
        <Avatar name={name || '?'} url={avatarUrl} size={28} />
        <span className="min-w-0 flex-1 truncate">{name || 'Unnamed contact'}</span>
      </Link>
      <ExplainedScoreBadge score={score} />
    </li>
  );
});

/** The contacts whose location matched no place: named, so they are not silently missing. */
function NotOnTheMap({ unplaced }: { unplaced: { total: number; contacts: UnplacedContact[] } }) {
  const { total, contacts } = unplaced;
  return (
    <details className="border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800" data-testid="map-unplaced">
      <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-200">
        {total === 1 ? '1 contact not on the map' : `${total.toLocaleString('en')} contacts not on the map`}
      </summary>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">No place matches their location. Open one to correct it.</p>
      <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto">
        {contacts.map((c) => (
          <li key={c.id}>
            <Link to={`/contacts/${c.id}`} className="block rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800">
              <span className="font-medium">{c.full_name || 'Unnamed contact'}</span>{' '}
              <span className="ml-1 text-slate-600 dark:text-slate-400">{c.location}</span>
            </Link>
          </li>
        ))}
      </ul>
      {total > contacts.length ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">and {(total - contacts.length).toLocaleString('en')} more</p>
      ) : null}
    </details>
  );
}
