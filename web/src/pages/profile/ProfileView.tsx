import { useTranslation } from 'react-i18next';
import type { User } from '@capshelf/contract';
import { DefinitionList } from '../../components/DefinitionList';
import { formatDate, roleLabel } from './labels';

/** Read-only account details as a definition list. */
export function ProfileView({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const rows: [string, string, 'user'?][] = [
    [t('field.username'), user.username, 'user'],
    user.display_name
      ? [t('field.displayName'), user.display_name, 'user']
      : [t('field.displayName'), t('notSet')],
    [t('field.email'), user.email, 'user'],
    [t('field.role'), roleLabel(user.role)],
    [t('field.id'), String(user.id)],
    [t('field.createdAt'), formatDate(user.created_at)],
  ];
  return <DefinitionList rows={rows} />;
}
