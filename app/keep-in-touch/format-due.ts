const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
};

/** "12 Apr 2026" for a calendar date (no time zone involved: it already is the user's date). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** "due today", "due tomorrow", "due in 5 days", "3 days overdue", for a due date seen from `today`. */
export function describeDue(dueOn: string, today: string): string {
  const days = dayNumber(dueOn) - dayNumber(today);
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  if (days > 1) return days <= 14 ? `due in ${days} days` : `due ${formatDay(dueOn)}`;
  return days === -1 ? '1 day overdue' : `${-days} days overdue`;
}
