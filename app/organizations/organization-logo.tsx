import { pictureSizeClass, type PictureSize } from '../components/ui/picture-size';
import { pictureSrc } from '../components/ui/picture-src';

export function OrganizationLogo({ name, logoUrl, size = 32 }: { name: string; logoUrl: string | null; size?: PictureSize }) {
  if (logoUrl)
    return (
      <img
        src={pictureSrc(logoUrl)}
        alt=""
        width={size}
        height={size}
        className={`shrink-0 rounded bg-white object-contain ${pictureSizeClass(size)}`}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded bg-slate-200 text-xs font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-200 ${pictureSizeClass(size)}`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
