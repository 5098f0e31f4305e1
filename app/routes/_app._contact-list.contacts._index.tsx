import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useRevalidator } from '@remix-run/react';
import { ContactListPage } from '../contacts/list/contact-list-page';
import { loadContactList } from '../contacts/list/contact-list.server';
import { RateLimitProvider } from '../rate-limit/rate-limit-context';

export const meta: MetaFunction = () => [{ title: 'Contacts · Kith' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadContactList(request, context);
}

export default function ContactsRoute() {
  const revalidator = useRevalidator();
  // When a 429's countdown ends, fetch the page again: the list catches up by itself.
  return (
    <RateLimitProvider onExpire={() => revalidator.revalidate()}>
      <ContactListPage />
    </RateLimitProvider>
  );
}
