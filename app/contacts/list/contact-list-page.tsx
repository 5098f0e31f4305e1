import { Link, useLoaderData, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import { MapPin, Plus } from '../../components/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../components/ui/button';
import { PageHeader } from '../../layout/page-header';
import { useTimeZone } from '../../layout/time-zone';
import { api, ApiError, dataOf, searchQuery } from '../../api/client';
import { RateLimitBanner } from '../../rate-limit/rate-limit-banner';
import { useRateLimit } from '../../rate-limit/rate-limit-context';
import { CONTACTS_DELETED_EVENT, deleteWithUndo, usePendingDeletes } from '../pending-deletes';
import { bulkDoneMessage, type BulkRequest } from './bulk-action';
import { BulkActionDialog, type DialogKind } from './components/bulk-action-dialog';
import { BulkToolbar } from './components/bulk-toolbar';
import { ClearFilters, ContactFilters, ListSort } from './components/contact-filters';
import { ContactListMenu } from './components/contact-list-menu';
import { ContactSearchBox } from './components/contact-search-box';
import { ContactTable } from './components/contact-table';
import { ListPagination } from './components/list-pagination';
import { PhoneFiltersButton } from './components/phone-filters-button';
import { SmartListsPanel } from './components/smart-lists-panel';
import type { loadContactList, loadListFacets } from './contact-list.server';
import {
  activeFilterCount,
  apiQueryParams,
  hasFilters,
  inPageTerms,
  listStateToParams,
  mapPageParams,
  queryParams,
  readListState,
  smartListFiltersOf,
  type ListState,
} from './list-state';
import { useSelection } from './use-selection';
import { IntroPathsCard } from '../components/intro-paths-card';
import { useLocalRows } from '../../search-index/use-local-rows';
import { localListFilter } from './local-list-filter';
import { answersNow, answersOffline } from '../../search-index/local-index';
import { useAfterPaint } from '../../search-index/use-after-paint';
import { useOnline } from '../../http/use-online';

/** The layout route (app/routes/_app._contact-list.tsx) that loads the tags and smart lists. */
const LIST_LAYOUT_ROUTE = 'routes/_app._contact-list';

type LoaderData = ReturnType<typeof useLoaderData<typeof loadContactList>>;
type ListData = Extract<LoaderData, { rateLimited: false }>;

const failed = (error: unknown) => {
  // A 429 already shows the countdown; anything else deserves a message.
  if (!(error instanceof ApiError && error.status === 429)) toast.error(error instanceof Error ? error.message : 'Something went wrong');
};

/** Says which close spellings were searched beside (or instead of) the query as typed. */
function SpellingNotice({ typed, spellings, exactTotal }: { typed: string; spellings: Record<string, string[]>; exactTotal: number }) {
  const searched = Object.values(spellings)
    .map((options) => options[0])
    .join(' ');
  const more = Object.values(spellings).some((options) => options.length > 1) ? ' and similar' : '';
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
      {exactTotal === 0
        ? `No exact matches for “${typed}”. Showing close spellings: `
        : `After the ${exactTotal.toLocaleString('en')} exact ${exactTotal === 1 ? 'match' : 'matches'}, close spellings: `}
      <span className="font-medium text-slate-900 dark:text-slate-100">{searched}</span>
      {more}.
    </p>
  );
}

/** The /contacts page: search as you type, filters, sort, pages, selection and bulk actions. */
export function ContactListPage() {
  const data = useLoaderData<typeof loadContactList>();
  const facets = useRouteLoaderData<typeof loadListFacets>(LIST_LAYOUT_ROUTE);
  const tagsInUse = useMemo(() => facets?.tagsInUse ?? [], [facets]);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { limited, limitFor } = useRateLimit();
  const timeZone = useTimeZone();
  const selection = useSelection();
  const [dialog, setDialog] = useState<DialogKind | null>(null);

  // Over the rate limit the loader answers without rows: keep showing the last ones.
  const lastGood = useRef<ListData | null>(null);
  if (!data.rateLimited) lastGood.current = data;
  const shown = lastGood.current;
  useEffect(() => {
    if (data.rateLimited) limitFor(data.retryAfter);
  }, [data, limitFor]);

  // Kept while the URL is (searchParams is): the filters and smart lists below are drawn again only when it changes.
  const state = useMemo(() => readListState(searchParams, data.state.defaultSort), [searchParams, data.state.defaultSort]);
  const queryKey = queryParams(state).toString();
  const { clear } = selection;
  useEffect(() => clear(), [queryKey, clear]);

  // Changes made while a navigation is still loading build on that pending state, not on
  // the URL being left (two quick clicks must not undo each other).
  const latest = useRef(state);
  if (navigation.state === 'idle') latest.current = state;
  const update = (patch: Partial<ListState>, options: { replace?: boolean } = {}) => {
    const next = { ...latest.current, ...patch, page: patch.page ?? 1 };
    latest.current = next;
    setSearchParams(listStateToParams(next), { replace: options.replace, preventScrollReset: true });
  };

  // The search box's text, key by key: until the server's page for it lands, this device's
  // index answers (docs/decisions/040), in the server's order, so the rows do not jump when it does.
  const [typed, setTyped] = useState(state.q);
  const afterPaint = useAfterPaint();
  const plainSearch = state.page === 1 && !hasFilters({ ...state, q: '' });
  // Offline, the filters the device's index carries (tags, place, priority, score, due) filter
  // its rows (docs/decisions/068); with a source, a map box or "related to" a changed search
  // waits for the connection and says so, never rows that ignore the filters.
  const online = useOnline();
  const offlineFilter = useMemo(
    () => (online || plainSearch || state.page !== 1 ? null : localListFilter(state, timeZone)),
    [online, plainSearch, state, timeZone],
  );
  const local = useLocalRows(
    typed,
    state.sort,
    state.pageSize,
    (plainSearch || offlineFilter !== null) && typed.trim() !== state.q.trim(),
    offlineFilter,
  );
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === '/contacts' && !local;
  const needsConnection = !online && !plainSearch && !offlineFilter && typed.trim() !== state.q.trim();
  // Contacts deleted a moment ago wait for Undo: hidden here until they are gone for good.
  const pendingDeletes = usePendingDeletes();
  const { revalidate } = revalidator;
  useEffect(() => {
    window.addEventListener(CONTACTS_DELETED_EVENT, revalidate);
    return () => window.removeEventListener(CONTACTS_DELETED_EVENT, revalidate);
  }, [revalidate]);
  const served = local?.rows ?? shown?.contacts ?? [];
  const contacts = served.filter((c) => !pendingDeletes.has(c.id));
  const total = Math.max(0, (local?.total ?? shown?.total ?? 0) - (served.length - contacts.length));

  const handleSelectAllMatching = async () => {
    try {
      const { ids } = await dataOf(api.contacts.ids.$get({ query: searchQuery(apiQueryParams(state, timeZone)) }), limitFor);
      selection.selectAllMatching(ids);
    } catch (error) {
      failed(error);
    }
  };

  const runBulk = async (request: BulkRequest) => {
    if (request.action === 'delete') {
      const count = selection.selected.size;
      deleteWithUndo([...selection.selected], `${count.toLocaleString('en')} ${count === 1 ? 'contact' : 'contacts'}`);
      setDialog(null);
      selection.clear();
      return;
    }
    try {
      const { affected } = await dataOf(api.contacts.bulk.$post({ json: { ids: [...selection.selected], ...request } }), limitFor);
      toast.success(bulkDoneMessage(request, affected));
      setDialog(null);
      selection.clear();
      revalidator.revalidate();
    } catch (error) {
      setDialog(null);
      failed(error);
    }
  };

  const smartListCall = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
      revalidator.revalidate();
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };
  const handleSaveSmartList = (name: string) => {
    const filters = smartListFiltersOf(state);
    return smartListCall(() => dataOf(api['smart-lists'].$post({ json: { name, filters } }), limitFor), `Saved “${name}”`);
  };
  const handleRenameSmartList = (id: string, name: string) =>
    smartListCall(() => dataOf(api['smart-lists'][':id'].$patch({ param: { id }, json: { name } }), limitFor), `Renamed to “${name}”`);
  const handleDeleteSmartList = async (id: string) => {
    await smartListCall(() => dataOf(api['smart-lists'][':id'].$delete({ param: { id } }), limitFor), 'Smart list deleted');
  };

  const isEmptyAccount = !local && total === 0 && !hasFilters(state) && shown !== null;
  // The filters, sort and smart lists do not change with the text typed: drawn once per URL, not
  // at every key (docs/decisions/061), through handlers that always call this render's.
  const onDeleted = () => (selection.clear(), revalidator.revalidate());
  const handlers = useRef({ update, handleSaveSmartList, handleRenameSmartList, handleDeleteSmartList, onDeleted });
  handlers.current = { update, handleSaveSmartList, handleRenameSmartList, handleDeleteSmartList, onDeleted };
  const relatedName = shown?.relatedName ?? null;
  // One element each, shown in place from md up and inside the filters sheet below (a phone, 200 % zoom).
  const { filters, clearAndSort, smartLists, phoneFilters } = useMemo(() => {
    const onChange = (patch: Partial<ListState>) => handlers.current.update(patch);
    const filters = <ContactFilters state={state} tagsInUse={tagsInUse} relatedName={relatedName} onChange={onChange} disabled={limited} />;
    const clearAndSort = (
      <>
        <ClearFilters state={state} onChange={onChange} disabled={limited} />
        <ListSort state={state} onChange={onChange} disabled={limited} />
      </>
    );
    const smartLists = (
      <SmartListsPanel
        lists={(facets?.smartLists ?? []).map((list) => ({ ...list, search: inPageTerms(list.search, state.defaultSort) }))}
        currentSearch={queryParams(state).toString()}
        disabled={limited}
        onSave={(name) => handlers.current.handleSaveSmartList(name)}
        onRename={(id, name) => handlers.current.handleRenameSmartList(id, name)}
        onDelete={(id) => handlers.current.handleDeleteSmartList(id)}
      />
    );
    return {
      filters,
      clearAndSort,
      smartLists,
      phoneFilters: (
        <PhoneFiltersButton active={activeFilterCount(state)}>
          {filters}
          <div className="flex flex-wrap items-center gap-2">{clearAndSort}</div>
          {smartLists}
        </PhoneFiltersButton>
      ),
    };
  }, [state, tagsInUse, relatedName, limited, facets]);
  // Nor do the header's actions and the page controls but for the count (docs/decisions/081).
  const headerActions = useMemo(
    () => (
      <>
        <Link to="/contacts/new" className={buttonClass('primary')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> New contact
        </Link>
        <ContactListMenu onDeleted={() => handlers.current.onDeleted()} />
      </>
    ),
    [],
  );
  const { onPage, onPageSize } = useMemo(
    () => ({
      onPage: (page: number) => handlers.current.update({ page }),
      onPageSize: (pageSize: number) => handlers.current.update({ pageSize }),
    }),
    [],
  );
  return (
    <>
      <PageHeader
        title="Contacts"
        description={
          shown
            ? `${total.toLocaleString('en')} ${total === 1 ? 'person' : 'people'}${hasFilters(state) || local ? ' match' : ' in your network'}`
            : undefined
        }
        actions={headerActions}
      />
      {/* The smart lists become a column only from 2xl: at 1280 px the filters need the width. */}
      <div className="grid gap-4 p-4 sm:p-6 2xl:grid-cols-[12rem_minmax(0,1fr)] 2xl:gap-6">
        <aside className="hidden md:block 2xl:sticky 2xl:top-4 2xl:self-start">{smartLists}</aside>
        <div className="min-w-0 space-y-4">
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <div className="min-w-0 flex-1 basis-44 md:w-md md:flex-none">
                <ContactSearchBox
                  value={state.q}
                  onText={setTyped}
                  onSearch={(q) => {
                    afterPaint.cancel();
                    // The device's rows paint first; the server's page is asked for once they have,
                    // as a page load's render would otherwise come before theirs (docs/decisions/061).
                    if (navigator.onLine && plainSearch && answersNow(q)) return afterPaint.run(() => update({ q }, { replace: true }));
                    if (!navigator.onLine && !plainSearch && (state.page !== 1 || !localListFilter(state, timeZone))) return;
                    if (navigator.onLine) return update({ q }, { replace: true });
                    // Offline the local rows are the answer: no page load to fail.
                    void answersOffline(q, state.sort).then((answered) => {
                      if (!answered) update({ q }, { replace: true });
                    });
                  }}
                  disabled={limited}
                />
              </div>
              {phoneFilters}
              <div className="hidden flex-auto items-center gap-2 md:flex">{clearAndSort}</div>
            </div>
            <div className="hidden md:block">{filters}</div>
          </div>
          {hasFilters({ ...state, bbox: '' }) && total > 0 ? (
            <Link
              to={`/map?${mapPageParams(state)}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-brand-100"
            >
              <MapPin className="h-4 w-4" aria-hidden="true" /> Show these on the map
            </Link>
          ) : null}
          <RateLimitBanner />
          {shown?.askedCompany && !local ? (
            <IntroPathsCard
              target={{ kind: 'organization', ...shown.askedCompany }}
              title={`Who can introduce you to people at ${shown.askedCompany.name}`}
              limit={5}
            />
          ) : null}
          {shown?.spellings && !local && contacts.length > 0 ? (
            <SpellingNotice typed={state.q} spellings={shown.spellings} exactTotal={shown.exactTotal ?? 0} />
          ) : null}
          {isEmptyAccount ? (
            <div className="mx-auto max-w-md p-12 text-center">
              <h2 className="text-lg font-medium">No contacts yet</h2>
              <p className="mt-2 text-sm text-slate-500">Add someone by hand, or bring your network in from a CSV or LinkedIn export.</p>
              <div className="mt-6 flex justify-center gap-2">
                <Link to="/contacts/new" className={buttonClass('primary')}>
                  Add a contact
                </Link>
                <Link to="/import" className={buttonClass('secondary')}>
                  Import
                </Link>
              </div>
            </div>
          ) : needsConnection ? (
            <p role="status" className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-sm dark:border-slate-700">
              You are offline. Searching with a source, a map area or “related to” needs the connection: press Enter to search once you are
              back online. Tags, place, priority, score and due filter on this device.
            </p>
          ) : (
            // Which search the rows shown answer (the bench's keystroke-to-rows waits on it).
            <div data-rows-for={local ? typed : state.q}>
              {selection.selected.size > 0 ? (
                <BulkToolbar
                  count={selection.selected.size}
                  totalMatching={total}
                  allMatchingSelected={selection.allMatching}
                  onSelectAllMatching={handleSelectAllMatching}
                  onClear={selection.clear}
                  onRun={runBulk}
                  onOpenDialog={setDialog}
                  disabled={limited}
                />
              ) : null}
              {contacts.length === 0 && shown ? (
                <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
                  <h2 className="font-medium">No contacts match</h2>
                  <p className="mt-1 text-sm text-slate-500">Try fewer words or filters.</p>
                  <button
                    type="button"
                    className={buttonClass('secondary', 'mt-4 disabled:opacity-50')}
                    disabled={limited}
                    onClick={() => setSearchParams(new URLSearchParams(), { preventScrollReset: true })}
                  >
                    Clear search and filters
                  </button>
                </div>
              ) : (
                <ContactTable
                  contacts={contacts}
                  selected={selection.selected}
                  onToggle={selection.toggle}
                  onTogglePage={(on) =>
                    selection.toggleMany(
                      contacts.map((c) => c.id),
                      on,
                    )
                  }
                  busy={busy}
                  inViewFirst={local !== null}
                />
              )}
              <ListPagination
                page={state.page}
                pageSize={state.pageSize}
                total={total}
                onPage={onPage}
                onPageSize={onPageSize}
                disabled={limited}
              />
            </div>
          )}
        </div>
      </div>
      {dialog ? (
        <BulkActionDialog
          kind={dialog}
          count={selection.selected.size}
          onClose={() => setDialog(null)}
          onConfirm={runBulk}
          disabled={limited}
          tagsInUse={tagsInUse}
        />
      ) : null}
    </>
  );
}
