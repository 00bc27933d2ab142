import type { User } from '@capshelf/contract';
import { formatDate, roleLabel } from './labels';

/** Read-only account details as a definition list. */
export function ProfileView({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['用户名', user.username],
    ['显示名称', user.display_name || '未设置'],
    ['邮箱', user.email],
    ['角色', roleLabel(user.role)],
    ['用户ID', String(user.id)],
    ['注册时间', formatDate(user.created_at)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
