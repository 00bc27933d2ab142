import type { Role } from '@capshelf/contract';

export { formatDate } from '../../lib/formatDate';

const roleLabels: Record<Role, string> = { admin: '管理员', user: '普通用户' };

/** Role shown on the profile; anything unexpected reads as a normal user (spec §2). */
export function roleLabel(role: string | null | undefined): string {
  return roleLabels[role as Role] ?? '普通用户';
}
