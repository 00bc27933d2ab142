import type { ReactNode } from 'react';

/** A centred card with a heading: the frame of the account screens and simple states. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}
