import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { buttonClass } from '../components/ui/button';
import { forgetInstallPrompt, installPromptEvent, onInstallPromptChange } from './install-event';

const VISITS = 'kith:visits';
const DISMISSED = 'kith:install-dismissed';
const COUNTED = 'kith:visit-counted';
/** Visits (browser sessions) before Kith offers itself: by the third, it is a habit. */
const VISITS_BEFORE_ASKING = 3;

function countVisit(): number {
  const visits = Number(localStorage.getItem(VISITS) ?? 0) + (sessionStorage.getItem(COUNTED) ? 0 : 1);
  localStorage.setItem(VISITS, String(visits));
  sessionStorage.setItem(COUNTED, '1');
  return visits;
}

const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches;

/**
 * Offers to install Kith at a moment it has earned it: never on the first page of a first visit;
 * on the third visit, or once the user looks at a contact they saved. "No thanks" is for good
 * (this device). Chromium only: elsewhere there is no event to ask with, and Safari users add
 * it from the Share sheet.
 */
export function InstallPrompt() {
  const { pathname } = useLocation();
  const [available, setAvailable] = useState(false);
  const [visits, setVisits] = useState(0);
  const [pagesSeen, setPagesSeen] = useState(0);
  const [dismissed, setDismissed] = useState(true);

  useEffect(() => {
    setVisits(countVisit());
    setDismissed(localStorage.getItem(DISMISSED) === '1' || isStandalone());
    const update = () => setAvailable(installPromptEvent() !== null);
    update();
    return onInstallPromptChange(update);
  }, []);
  useEffect(() => setPagesSeen((n) => n + 1), [pathname]);

  const onContact = /^\/contacts\/(?!new$)[^/]+$/.test(pathname);
  const earned = visits >= VISITS_BEFORE_ASKING || (onContact && (visits > 1 || pagesSeen > 1));
  if (!available || dismissed || !earned) return null;

  const forget = () => {
    localStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };
  const install = async () => {
    const event = installPromptEvent();
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    forgetInstallPrompt();
    if (outcome === 'accepted') forget();
  };
  return (
    <section
      aria-label="Install Kith"
      className="fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 rounded-lg border border-slate-200 bg-white p-4 shadow-lg md:inset-x-auto md:right-6 md:bottom-6 md:max-w-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="font-medium">Install Kith on this device</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Open it from your home screen, read the people you saved while offline, and get reminders as notifications.
      </p>
      <div className="mt-3 flex gap-2">
        <button type="button" className={buttonClass('primary')} onClick={() => void install()}>
          Install
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={forget}>
          No thanks
        </button>
      </div>
    </section>
  );
}
