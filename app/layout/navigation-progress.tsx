import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';

// Quick navigations finish before the bar would be noticed; showing it then only flickers.
const SHOW_AFTER_MS = 150;

/**
 * A thin bar along the top while a page loads or a form is sent, so a slow network reads as
 * "working", not as a click that did nothing. Screen readers hear "Loading" once.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const active = navigation.state !== 'idle';
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!active) return setShown(false);
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [active]);

  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      data-testid="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100 dark:bg-slate-800"
    >
      <div className="h-full w-1/3 animate-[kith-progress_1.2s_ease-in-out_infinite] bg-brand-600" />
    </div>
  );
}
