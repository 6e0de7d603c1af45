import type { ReactNode } from 'react';

/**
 * A card of a page, a section labelled by its own heading (`titleId` is the heading's id). The classes default to
 * the cards below a page's head: a shadowed card with a small heading.
 */
export function TitledCard({
  titleId,
  title,
  titleClassName = 'h5',
  className = 'card shadow-sm mt-4',
  bodyClassName = 'card-body',
  children,
}: {
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className={bodyClassName}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
