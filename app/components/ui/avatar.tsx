import { useEffect, useRef, useState } from 'react';

const palette = ['bg-rose-500', 'bg-amber-500', 'bg-emerald-500', 'bg-sky-500', 'bg-violet-500', 'bg-fuchsia-500', 'bg-teal-500'];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')).toUpperCase();
}

export function Avatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: number }) {
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
      <img ref={img} src={url} alt="" width={size} height={size} onError={() => setFailedUrl(url)} className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ${color}`}
      style={{ width: size, height: size }}
    >
      {initials(name)}
    </span>
  );
}
