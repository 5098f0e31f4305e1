import { Link } from '@remix-run/react';
import type { FamilyMember, FamilyView } from '../../worker/domain/circles/family';
import { Card } from '../components/ui/card';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Generations from the contact, named as a family would. */
function generationTitle(generation: number | null): string {
  if (generation === null) return 'Other relatives';
  if (generation <= -2) return 'Grandparents and before';
  if (generation === -1) return 'Parents’ generation';
  if (generation === 0) return 'Their generation';
  if (generation === 1) return 'Children’s generation';
  return 'Grandchildren and after';
}

const order = (g: number | null) => (g === null ? 99 : Math.max(-2, Math.min(2, g)));

function BirthdayLine({ member }: { member: FamilyMember }) {
  const b = member.birthday;
  if (!b) return member.type === 'contact' ? <span className="text-xs text-slate-500">No birthday saved</span> : null;
  const born = `${b.day} ${MONTHS[b.month - 1]}${b.year ? ` ${b.year}` : ''}`;
  return (
    <span className="text-xs text-slate-600 dark:text-slate-400">
      Born {born}
      {b.age !== null ? ` · ${b.age} years old` : ''}
    </span>
  );
}

/** The people linked to the contact by family ties (ADR 048), by generation, each with how they are related and their birthday. */
export function FamilySection({ family }: { family: FamilyView }) {
  const generations = [...new Set(family.members.map((m) => order(m.generation)))].sort((a, b) => a - b);
  return (
    <Card title="Family" id="family">
      {family.members.length === 0 ? (
        <p className="text-sm text-slate-500">
          No family linked yet. Add a partner, parent, child or sibling on {family.contact.name}’s People card.
        </p>
      ) : null}
      {generations.map((g) => {
        const members = family.members.filter((m) => order(m.generation) === g);
        const title = generationTitle(g === 99 ? null : g);
        return (
          <section key={g} aria-label={title} className="mt-3 first:mt-0">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
                  <span className="min-w-0">
                    {m.type === 'contact' ? (
                      <Link to={`/contacts/${m.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                        {m.name}
                      </Link>
                    ) : (
                      <span className="font-medium">{m.name}</span>
                    )}
                    <span className="text-slate-600 dark:text-slate-400"> · {m.relation}</span>
                    {m.note ? <span className="block text-xs text-slate-500">{m.note}</span> : null}
                  </span>
                  <BirthdayLine member={m} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {family.truncated ? <p className="mt-2 text-xs text-slate-500">Showing the nearest 60 relatives.</p> : null}
    </Card>
  );
}
