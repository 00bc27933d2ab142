import type { ReactNode } from 'react';

/**
 * Label/value rows as a two-column definition list (account details, site health). A row marked
 * `user` holds user data (a name, an address): left untranslated and outside the CJK check.
 */
export function DefinitionList({ rows }: { rows: [string, ReactNode, 'user'?][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
      {rows.map(([term, value, user]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd
            className="min-w-0 break-all text-slate-900"
            data-user-content={user ? '' : undefined}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
