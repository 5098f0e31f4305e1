import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { IntroPath } from '../../../worker/domain/intros/intro-path-view';
import { api } from '../../api/client';
import { Card } from '../../components/ui/card';

/** Whom the paths lead to: one contact, or anyone at an organization. */
export type IntroTarget = { kind: 'contact'; id: string } | { kind: 'organization'; id: string; name: string };

type State = { key: string; status: 'loading' } | { key: string; status: 'failed' } | { key: string; status: 'done'; paths: IntroPath[] };

const keyOf = (target: IntroTarget) => `${target.kind}:${target.id}`;

async function readPaths(target: IntroTarget, limit: number): Promise<IntroPath[] | null> {
  const query = { limit: String(limit) };
  const res =
    target.kind === 'contact'
      ? await api.contacts[':id']['intro-paths'].$get({ param: { id: target.id }, query })
      : await api.organizations[':id']['intro-paths'].$get({ param: { id: target.id }, query });
  if (!res.ok) return null;
  return ((await res.json()) as { data: { paths: IntroPath[] } }).data.paths;
}

/** Where "Ask … for an intro" leads: the introducer's page, its composer drafting the ask (ADR 056). */
export const askForIntroHref = (path: IntroPath) => `/contacts/${path.introducer.id}?intro_to=${path.steps.at(-1)!.to.id}`;

/**
 * Who you know that can introduce you (ADR 041), best first, each with why and a way to ask:
 * on a contact's page, on an organization's page and for a search like "people at Stripe". Read
 * after the page, from the API: the walk is not the page's to wait for.
 */
export function IntroPathsCard({ target, title, limit = 3 }: { target: IntroTarget; title: string; limit?: number }) {
  const key = keyOf(target);
  const [state, setState] = useState<State>({ key, status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ key, status: 'loading' });
    void readPaths(target, limit)
      .then((paths) => live && setState(paths ? { key, status: 'done', paths } : { key, status: 'failed' }))
      .catch(() => live && setState({ key, status: 'failed' }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the target changes, not its object
  }, [key, limit]);
  const current: State = state.key === key ? state : { key, status: 'loading' };
  const atCompany = target.kind === 'organization';
  return (
    <Card title={title}>
      {current.status === 'loading' ? (
        <p className="text-sm text-slate-500" aria-live="polite">
          Looking for people who know {atCompany ? `someone at ${target.name}` : 'them'}…
        </p>
      ) : current.status === 'failed' ? (
        <p className="text-sm text-slate-500">Could not look for introductions just now.</p>
      ) : current.paths.length === 0 ? (
        <p className="text-sm text-slate-500">
          Nobody you know is linked to {atCompany ? `anyone at ${target.name}` : 'them'} yet: add people, companies or groups they share.
        </p>
      ) : (
        <ol className="space-y-3 text-sm" aria-label="Who could introduce you, best first">
          {current.paths.map((path) => {
            const end = path.steps.at(-1)!.to;
            return (
              <li key={path.introducer.id}>
                <Link to={`/contacts/${path.introducer.id}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {path.introducer.name}
                </Link>
                {path.hops === 3 ? <span className="text-slate-600 dark:text-slate-400"> · through {path.steps[1]!.from.name}</span> : null}
                {atCompany ? (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    · to{' '}
                    <Link to={`/contacts/${end.id}`} className="underline">
                      {end.name}
                    </Link>
                  </span>
                ) : null}
                <ul className="mt-0.5 list-disc pl-5 text-xs text-slate-600 dark:text-slate-400">
                  {path.steps.flatMap((step) => step.evidence.map((e) => <li key={`${step.from.id}-${e.text}`}>{e.text}</li>))}
                </ul>
                <Link
                  to={askForIntroHref(path)}
                  className="mt-1 inline-flex items-center text-sm font-medium text-brand-700 underline max-sm:min-h-11 dark:text-brand-300"
                >
                  Ask {path.introducer.name} for an intro
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
