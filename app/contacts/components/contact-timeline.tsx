import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LifeEventView } from '../../../worker/domain/life-events/life-event-view';
import type { InteractionView } from '../../../worker/domain/timeline/interaction-view';
import { api } from '../../api/client';
import { Card } from '../../components/ui/card';
import { QueuedTimelineItems } from '../../offline-writes/queued-timeline-items';
import { withLifeEvents } from '../timeline-with-events';
import { TimelineItem } from './timeline-item';
import { TimelineLifeEvent } from './timeline-life-event';

interface Page {
  items: InteractionView[];
  nextCursor: string | null;
}

/**
 * Newest first. The first page comes with the page; later pages load from the API when the
 * end scrolls into view (or on "Load older"), keyed by the cursor so pages never overlap. The
 * composer sits on top, so adding to the timeline is the first thing the page offers. The
 * contact's accepted life events sit among the interactions on their day.
 */
export function ContactTimeline({
  contactId,
  first,
  events,
  composer,
}: {
  contactId: string;
  first: Page;
  events: LifeEventView[];
  composer: ReactNode;
}) {
  const [older, setOlder] = useState<Page>({ items: [], nextCursor: null });
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const cursor = older.items.length ? older.nextCursor : first.nextCursor;
  const firstIds = new Set(first.items.map((i) => i.id));
  const items = [...first.items, ...older.items.filter((i) => !firstIds.has(i.id))];
  const entries = withLifeEvents(items, events, !cursor);

  const loadMore = async () => {
    if (!cursor || loading) return;
    setLoading(true);
    try {
      const res = await api.contacts[':id'].timeline.$get({ param: { id: contactId }, query: { limit: '30', cursor } });
      if (res.ok) {
        const body = await res.json();
        setOlder((prev) => ({ items: [...prev.items, ...body.data], nextCursor: body.meta.next_cursor }));
      }
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !cursor) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore());
    observer.observe(el);
    return () => observer.disconnect();
  });

  return (
    <Card title="Timeline">
      {composer}
      <QueuedTimelineItems contactId={contactId} />
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">
          No interactions yet. Add a note, log a meeting, or BCC the logging address on an email.
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Interactions">
          {entries.map((entry) =>
            entry.type === 'event' ? (
              <TimelineLifeEvent key={`event:${entry.event.id}:${entry.event.updated_at}`} event={entry.event} />
            ) : (
              <TimelineItem key={`${entry.item.id}:${entry.item.updated_at}`} item={entry.item} />
            ),
          )}
        </ol>
      )}
      {cursor ? (
        <div ref={sentinel} className="mt-3 text-center">
          <button type="button" onClick={loadMore} disabled={loading} className="text-sm text-brand-600 hover:underline">
            {loading ? 'Loading…' : 'Load older'}
          </button>
        </div>
      ) : null}
    </Card>
  );
}
