/** The id of the app's main region, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The first stop for a keyboard: past the navigation (eight links, or the tab bar) to the page.
 * Hidden until focused. The main region takes the focus itself (tabIndex -1 on it), so the next
 * Tab goes on from the page's first control, not back into the navigation.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollTo({ top: 0 });
      }}
      className="sr-only z-50 items-center rounded-md bg-white font-medium text-brand-700 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:inline-flex focus:min-h-11 focus:px-4 focus:top-[calc(0.75rem+env(safe-area-inset-top))] focus:left-3 dark:bg-slate-900 dark:text-brand-100"
    >
      Skip to content
    </a>
  );
}
