import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@capshelf/contract';
import { Panel } from '../../components/Panel';
import { useSession } from '../auth';

/** An admin page's content for admins; anyone else reads `refusal` (the server refuses them too). */
export function AdminOnly(props: { refusal: string; children: (admin: User) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  if (user?.role !== 'admin') {
    return (
      <Panel title={t('forbidden.title')}>
        <p className="text-slate-600">{props.refusal}</p>
      </Panel>
    );
  }
  return props.children(user);
}
