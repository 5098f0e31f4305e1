import type { LifeEventKind } from '../life-events/life-event-kinds';

// Monica's life event types (default_life_event_type_key) with a kind of their own in Kith;
// every other type is "Other" with Monica's type name kept in the summary.
const KIND: Record<string, LifeEventKind> = {
  new_job: 'new_job',
  retirement: 'left_company',
  published_book_or_paper: 'published',
  engagement: 'engaged_married',
  marriage: 'engaged_married',
  new_child: 'new_child',
  expecting_a_baby: 'new_child',
  moved: 'moved',
  bought_a_home: 'moved',
  new_school: 'graduated',
  study_abroad: 'graduated',
};

export const lifeEventKindOf = (key: string | null | undefined): LifeEventKind => (key && KIND[key]) || 'custom';
