import { useEffect, useRef, useState } from 'react';
import { pictureSrc } from './picture-src';
import { pictureSizeClass, type PictureSize } from './picture-size';

// Dark enough for white initials at 4.5:1 (WCAG AA for small text).
const palette = ['bg-rose-700', 'bg-amber-700', 'bg-emerald-700', 'bg-sky-700', 'bg-violet-700', 'bg-fuchsia-700', 'bg-teal-700'];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')).toUpperCase();
}

export function Avatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: PictureSize }) {
  const color = palette[[...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % palette.length];
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  // Remote photos (enrichment, LinkedIn) expire; an image that failed before hydration
  // fired its error event too early for onError, so check it once mounted as well.
  useEffect(() => {
    const el = img.current;
    if (el && url && el.complete && el.naturalWidth === 0) setFailedUrl(url);
  }, [url]);
  if (url && failedUrl !== url) {
    return (
      <img
        ref={img}
        src={pictureSrc(url)}
        alt=""
        width={size}
        height={size}
        onError={() => setFailedUrl(url)}
        className={`shrink-0 rounded-full object-cover ${pictureSizeClass(size)}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ${color} ${pictureSizeClass(size)}`}
    >
      {initials(name)}
    </span>
  );
}
