import { createContext, useContext, type ReactNode } from 'react';

/** A card's title is a second-level heading, a third-level one inside a titled page section. */
export const CardHeadingLevel = createContext<2 | 3>(2);

export function Card({
  title,
  actions,
  children,
  className = '',
  id,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const Heading = useContext(CardHeadingLevel) === 3 ? 'h3' : 'h2';
  return (
    <section
      id={id}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {title || actions ? (
        <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <Heading className="text-sm font-semibold">{title}</Heading>
          {actions}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
    </section>
  );
}
