import type { User } from '@capshelf/contract';
import { DefinitionList } from '../../components/DefinitionList';
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
  return <DefinitionList rows={rows} />;
}
