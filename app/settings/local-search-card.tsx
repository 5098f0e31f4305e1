import { Search } from '../components/icons';
import { Card } from '../components/ui/card';
import { LOCAL_INDEX_CEILING } from '../search-index/local-index-limits';
import { useLocalIndexState } from '../search-index/use-local-index';

const count = (n: number) => n.toLocaleString('en');

/** Whether search answers from this device (docs/decisions/040), and why not when it cannot. */
export function LocalSearchCard() {
  const index = useLocalIndexState();
  const status =
    index.kind === 'ready'
      ? `Search answers from this device as you type: ${count(index.rows)} contacts kept here, and it works offline. Kith's server still checks each search.`
      : index.kind === 'building'
        ? `Preparing search on this device: ${count(index.rows)}${index.of === null ? '' : ` of ${count(index.of)}`} contacts so far.`
        : index.kind === 'server-only'
          ? `Your network has ${count(index.contacts)} contacts, more than the ${count(LOCAL_INDEX_CEILING)} this device keeps for search: every search asks Kith's server, and search needs a connection.`
          : index.kind === 'unavailable'
            ? 'This browser keeps no data for Kith (private browsing?): every search asks the server.'
            : 'Search on this device starts after sign-in.';
  return (
    <Card title="Search on this device">
      <div className="flex items-start gap-3">
        <Search className="mt-0.5 h-4 w-4 text-slate-400" aria-hidden="true" />
        <div className="flex-1 space-y-2 text-sm">
          <p role="status" data-testid="local-search-status">
            {status}
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            Kept here: names, companies, titles, tags, places, emails and handles, never notes or messages. Signing out deletes it.
          </p>
        </div>
      </div>
    </Card>
  );
}
