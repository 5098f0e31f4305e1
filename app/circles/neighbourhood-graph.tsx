import { Link, PrefetchPageLinks } from '@remix-run/react';
import { useState } from 'react';
import { useOnline } from '../http/use-online';
import type { NeighbourhoodView } from '../../worker/domain/circles/neighbourhood';
import { Card } from '../components/ui/card';
import { layoutNeighbourhood, shortName, VIEW, type PlacedNode } from './neighbourhood-layout';

const RADIUS = { 0: 12, 1: 9, 2: 7 } as const;
const FILL = {
  contact: 'fill-brand-600 dark:fill-brand-400',
  person: 'fill-white stroke-slate-500 dark:fill-slate-900 dark:stroke-slate-400',
} as const;

function Node({ node, description, onIntent }: { node: PlacedNode; description: string; onIntent: (href: string) => void }) {
  const shape = (
    <>
      <circle
        cx={node.x}
        cy={node.y}
        r={RADIUS[node.ring] + 5}
        className="fill-transparent stroke-transparent group-focus-visible:stroke-brand-700 dark:group-focus-visible:stroke-brand-300"
        strokeWidth={3}
      />
      <circle cx={node.x} cy={node.y} r={RADIUS[node.ring]} className={FILL[node.type]} strokeWidth={1.5} />
      <text
        x={node.labelX}
        y={node.labelY}
        textAnchor="middle"
        className={`fill-slate-800 text-[15px] dark:fill-slate-200 ${node.ring === 0 ? 'font-semibold' : ''} ${node.type === 'contact' ? 'group-hover:underline' : ''}`}
      >
        {shortName(node.name)}
      </text>
    </>
  );
  if (node.type === 'person')
    return (
      <g>
        <title>{description}</title>
        {shape}
      </g>
    );
  const href = `/contacts/${node.id}`;
  // A client-side navigation, as every link of the app. Its own prefetch stays off: Remix would
  // put the <link rel=prefetch> beside the anchor, inside the SVG, where it does nothing; the
  // graph prefetches from outside the drawing instead.
  return (
    <Link
      to={href}
      prefetch="none"
      aria-label={description}
      className="group outline-none"
      onMouseEnter={() => onIntent(href)}
      onFocus={() => onIntent(href)}
    >
      {shape}
    </Link>
  );
}

/**
 * The people around a contact, two links out (ADR 048): a drawing for the eye, each contact in it
 * a link, in the order the ring goes round; and the same people as a list for a screen reader
 * and for anyone who would rather read.
 */
export function NeighbourhoodGraph({ view }: { view: NeighbourhoodView }) {
  const placed = layoutNeighbourhood(view);
  const online = useOnline();
  // The page a pointer or the keyboard is on, prefetched as other links prefetch on intent.
  const [intent, setIntent] = useState<string | null>(null);
  const at = new Map(placed.map((n) => [n.id, n]));
  const centre = view.contact;
  const relationTo = (id: string) => view.edges.find((e) => e.to === id && (e.from === centre.id || e.from === at.get(id)?.parent));
  const describe = (n: PlacedNode) => {
    if (n.ring === 0) return `${n.name} (this contact)`;
    const edge = relationTo(n.id);
    const through = n.parent ? at.get(n.parent)?.name : null;
    return edge ? `${n.name}, ${through ? `${through}’s` : `${centre.name}’s`} ${edge.relation}` : n.name;
  };
  const first = placed.filter((n) => n.ring === 1);
  const empty = first.length === 0;
  return (
    <Card title={`Around ${centre.name}`} id="around">
      {empty ? (
        <p className="text-sm text-slate-500">Nobody is linked to {centre.name} yet.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
            className="mx-auto block h-auto w-full max-w-md"
            role="group"
            aria-label={`${centre.name} and the people two links around them`}
          >
            {view.edges.map((e) => {
              const a = at.get(e.from);
              const b = at.get(e.to);
              if (!a || !b) return null;
              return (
                <line
                  key={`${e.from}-${e.to}-${e.relation}`}
                  x1={a.x}
                  y1={a.y}
                  x2={b.x}
                  y2={b.y}
                  className={a.ring === 0 ? 'stroke-slate-400' : 'stroke-slate-300 dark:stroke-slate-600'}
                  strokeWidth={a.ring === 0 ? 1.5 : 1}
                />
              );
            })}
            {placed.map((n) => (
              <Node key={n.id} node={n} description={describe(n)} onIntent={setIntent} />
            ))}
          </svg>
          {intent && online ? <PrefetchPageLinks page={intent} /> : null}
          <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">The same, as a list</h3>
          <ul className="mt-1 space-y-1 text-sm" aria-label={`People around ${centre.name}`}>
            {first.map((n) => {
              const theirs = placed.filter((m) => m.parent === n.id);
              return (
                <li key={n.id}>
                  <PersonName node={n} /> <span className="text-slate-600 dark:text-slate-400">· {relationTo(n.id)?.relation}</span>
                  {theirs.length > 0 ? (
                    <ul className="ml-4 border-l border-slate-200 pl-3 text-xs dark:border-slate-700" aria-label={`Linked to ${n.name}`}>
                      {theirs.map((m) => (
                        <li key={m.id} className="py-0.5">
                          <PersonName node={m} />{' '}
                          <span className="text-slate-600 dark:text-slate-400">
                            · {n.name}’s {relationTo(m.id)?.relation}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {view.left_out.first + view.left_out.second > 0 ? (
            <p className="mt-2 text-xs text-slate-500">
              {view.left_out.first + view.left_out.second} more people are linked but not drawn, to keep the graph readable.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function PersonName({ node }: { node: PlacedNode }) {
  const online = useOnline();
  return node.type === 'contact' ? (
    <Link to={`/contacts/${node.id}`} prefetch={online ? 'intent' : 'none'} className="text-brand-700 underline dark:text-brand-300">
      {node.name}
    </Link>
  ) : (
    <span>{node.name}</span>
  );
}
