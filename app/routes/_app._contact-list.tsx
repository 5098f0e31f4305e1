import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet } from '@remix-run/react';
import { loadListFacets } from '../contacts/list/contact-list.server';
import { skipQueryOnlyChanges } from '../routing/revalidation';

/**
 * The contact list's layout: its tags and smart lists. Counting the tags of 50 000 contacts
 * takes about 70 ms, more than the search itself, so they are kept while the user types and
 * filters (the URL's query changes), and reloaded after any write.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadListFacets(request, context);
}

export const shouldRevalidate = skipQueryOnlyChanges;

export default function ContactListLayout() {
  return <Outlet />;
}
