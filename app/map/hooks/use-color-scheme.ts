import { useEffect, useState } from 'react';
import type { MapTheme } from '../utils/embedded-style';

const DARK = '(prefers-color-scheme: dark)';

/** The app's theme: it follows the system's light or dark setting (app/tailwind.css), live. */
export function useColorScheme(): MapTheme {
  const [theme, setTheme] = useState<MapTheme>(() => (typeof window !== 'undefined' && window.matchMedia(DARK).matches ? 'dark' : 'light'));
  useEffect(() => {
    const query = window.matchMedia(DARK);
    const update = () => setTheme(query.matches ? 'dark' : 'light');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return theme;
}
