import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { IntroPath } from '../../../worker/domain/intros/intro-path-view';
import { api } from '../../api/client';
import { Card } from '../../components/ui/card';

type State =
  | { contactId: string; status: 'loading' }
  | { contactId: string; status: 'failed' }
  | { contactId: string; status: 'done'; paths: IntroPath[] };

/**
 * "How you could reach them": who you know that knows this contact (ADR 041), best first, each
 * with why. Read after the page, from the API: the walk is not the page's to wait for.
 */
export function IntroPathsCard({ contactId }: { contactId: string }) {
  const [state, setState] = useState<State>({ contactId, status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ contactId, status: 'loading' });
    void api.contacts[':id']['intro-paths']
      .$get({ param: { id: contactId }, query: { limit: '3' } })
      .then(async (res) => {
        if (!live) return;
        if (!res.ok) return setState({ contactId, status: 'failed' });
        const body = await res.json();
        if (live) setState({ contactId, status: 'done', paths: body.data.paths as IntroPath[] });
      })
      .catch(() => live && setState({ contactId, status: 'failed' }));
    return () => {
      live = false;
    };
  }, [contactId]);
  const current: State = state.contactId === contactId ? state : { contactId, status: 'loading' };
  return (
    <Card title="How you could reach them">
      {current.status === 'loading' ? (
        <p className="text-sm text-slate-500" aria-live="polite">
          Looking for people who know them…
        </p>
      ) : current.status === 'failed' ? (
        <p className="text-sm text-slate-500">Could not look for introductions just now.</p>
      ) : current.paths.length === 0 ? (
        <p className="text-sm text-slate-500">Nobody you know is linked to them yet: add people, companies or groups they share.</p>
      ) : (
        <ol className="space-y-3 text-sm" aria-label="Who could introduce you, best first">
          {current.paths.map((path) => (
            <li key={path.introducer.id}>
              <Link to={`/contacts/${path.introducer.id}`} className="font-medium text-brand-600 hover:underline">
                Ask {path.introducer.name}
              </Link>
              {path.hops === 3 ? <span className="text-slate-500"> · through {path.steps[1]!.from.name}</span> : null}
              <ul className="mt-0.5 list-disc pl-5 text-xs text-slate-600 dark:text-slate-400">
                {path.steps.flatMap((step) => step.evidence.map((e) => <li key={`${step.from.id}-${e.text}`}>{e.text}</li>))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
