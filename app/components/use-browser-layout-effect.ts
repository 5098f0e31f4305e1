import { useEffect, useLayoutEffect } from 'react';

/** `useLayoutEffect` in the browser; on the server, where it warns and never runs, `useEffect`. */
export const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
