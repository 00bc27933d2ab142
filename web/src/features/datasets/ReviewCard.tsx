import type { ReactNode } from 'react';

/** A section of 制作数据集 as a card, named by its heading (`id` ties the two together). */
export function ReviewCard({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={id}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}
