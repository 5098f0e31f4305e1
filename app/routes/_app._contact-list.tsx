import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet } from '@remix-run/react';
import { loadListFacets } from '../contacts/list/contact-list.server';
import { skipQueryOnlyChanges } from '../routing/revalidation';

/** The contact list's layout: its tags and smart lists, kept while the user types and filters. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadListFacets(request, context);
}

export const shouldRevalidate = skipQueryOnlyChanges;

export default function ContactListLayout() {
  return <Outlet />;
}
