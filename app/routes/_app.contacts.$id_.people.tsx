import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { familyOf } from '../../worker/domain/circles/family';
import { neighbourhoodOf } from '../../worker/domain/circles/neighbourhood';
import { AppError } from '../../worker/domain/errors';
import { localDate } from '../../worker/domain/keep-in-touch/calendar-dates';
import { requireUser } from '../auth/session.server';
import { FamilySection } from '../circles/family-section';
import { NeighbourhoodGraph } from '../circles/neighbourhood-graph';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.family.contact.name || 'Contact'}’s people · Kith` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, deps } = await requireUser(request, context);
  try {
    const id = params.id ?? '';
    const [family, around] = await Promise.all([
      familyOf(deps.store, id, localDate(new Date(), user.time_zone)),
      neighbourhoodOf(deps.store, id),
    ]);
    return json({ family, around });
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw new Response('This contact does not exist.', { status: 404 });
    throw error;
  }
}

/** A contact's family and, around them, the people two links away: reached from the People card. */
export default function ContactPeoplePage() {
  const { family, around } = useLoaderData<typeof loader>();
  const name = family.contact.name;
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <Link
        to={`/contacts/${family.contact.id}`}
        className="inline-flex min-h-11 items-center text-sm text-brand-700 underline dark:text-brand-300"
      >
        ← {name}
      </Link>
      <h1 className="text-2xl font-semibold">{name}’s people</h1>
      <FamilySection family={family} />
      <NeighbourhoodGraph view={around} />
    </div>
  );
}
