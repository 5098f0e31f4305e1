import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { captureInstallPrompt } from './pwa/install-event';
import { startFirstBuildEarly } from './search-index/first-build-head-start';

captureInstallPrompt();
// A signed-in page on a device without its index: the first pages are asked for while the page hydrates.
const signedIn = document.querySelector<HTMLElement>('[data-signed-in-user]')?.dataset.signedInUser;
if (signedIn) startFirstBuildEarly(signedIn);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
