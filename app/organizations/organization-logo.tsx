export function OrganizationLogo({ name, logoUrl, size = 32 }: { name: string; logoUrl: string | null; size?: number }) {
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded bg-white object-contain"
        style={{ width: size, height: size }}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded bg-slate-200 text-xs font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-200"
      style={{ width: size, height: size }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
