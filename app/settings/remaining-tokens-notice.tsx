import { Form } from '@remix-run/react';
import { Button } from '../components/ui/button';

/**
 * After a password change or "log out everywhere": personal access tokens are not sessions,
 * so they still work. Says how many, and offers to revoke them all.
 */
export function RemainingTokensNotice({ count, busy }: { count: number; busy: boolean }) {
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <p className="flex-1">
        {count === 1 ? '1 personal access token still works' : `${count} personal access tokens still work`} (scripts, the browser
        extension). If someone else may have one, revoke them.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="revoke-all-tokens" />
        <Button type="submit" variant="secondary" disabled={busy}>
          Revoke all tokens
        </Button>
      </Form>
    </div>
  );
}
