import type { Role } from '@capshelf/contract';

const roleLabels: Record<Role, string> = { admin: '管理员', user: '普通用户' };

/** Role shown on the profile; anything unexpected reads as a normal user (spec §2). */
export function roleLabel(role: string | null | undefined): string {
  return roleLabels[role as Role] ?? '普通用户';
}

/** Local date and time, or '未知' for a missing or unparsable value (spec §5). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '未知';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '未知' : date.toLocaleString('zh-CN');
}
