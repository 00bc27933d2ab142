import { i18n } from '../../i18n';

export { formatDate } from '../../lib/formatDate';

/** Role shown on the profile; anything unexpected reads as a normal user. */
export function roleLabel(role: string | null | undefined): string {
  return i18n.t(role === 'admin' ? 'profile:role.admin' : 'profile:role.user');
}
