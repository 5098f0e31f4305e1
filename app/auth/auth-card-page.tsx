import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The frame of the small signed-out pages (forgot/reset password, two-factor code). */
export function AuthCardPage({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center text-3xl font-bold tracking-tight text-brand-600">Kith</p>
        <h1 className="mt-2 text-center text-lg font-medium">{title}</h1>
        {description ? <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        <div className="mt-8 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
        <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">
          {footer ?? (
            <Link className="font-medium text-brand-600 underline" to="/login">
              Back to sign in
            </Link>
          )}
        </p>
      </div>
    </main>
  );
}

export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  const styles =
    tone === 'error'
      ? 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'
      : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md px-3 py-2 text-sm ${styles}`}>
      {children}
    </p>
  );
}
