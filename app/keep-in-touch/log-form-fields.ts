/**
 * The log form's fields as logInputSchema reads them. `occurred_at` comes as an ISO instant
 * (the browser converts its datetime-local); empty means now. `follow_up` is 3_days, 1_week,
 * 1_month, or "on" with a date in `follow_up_on`.
 */
export function logFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const followUp = text('follow_up');
  const kind = text('kind');
  return {
    kind,
    occurred_at: text('occurred_at') || undefined,
    title: text('title') || null,
    notes: text('notes') || null,
    ...(kind === 'note' ? { conversation: form.get('conversation') === 'on' } : {}),
    ...(followUp === 'on' ? { follow_up: { on: text('follow_up_on') } } : followUp ? { follow_up: { in: followUp } } : {}),
  };
}
