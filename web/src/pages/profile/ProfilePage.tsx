import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth';
import { Panel } from '../../components/Panel';
import { FeedPanel } from '../../features/follows/FeedPanel';
import { NotificationsPanel } from '../../features/notifications/NotificationsPanel';
import { AccessTokensPanel } from '../../features/tokens/AccessTokensPanel';
import { buttonClass } from '../../components/button';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileView } from './ProfileView';
import { usePageTitle } from '../../lib/usePageTitle';

type Mode = 'view' | 'edit' | 'password';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const { user } = useSession();
  const [mode, setMode] = useState<Mode>('view');
  const back = () => setMode('view');
  // The route is protected, so this only happens while a logout redirects away.
  if (!user) return null;

  if (mode === 'edit') {
    return (
      <Panel title={t('edit.title')}>
        <ProfileEditForm user={user} onDone={back} />
      </Panel>
    );
  }
  if (mode === 'password') {
    return (
      <Panel title={t('password.title')}>
        <ChangePasswordForm onDone={back} />
      </Panel>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Panel title={t('view.title')}>
        <ProfileView user={user} />
        <div className="flex gap-3">
          <button type="button" className={buttonClass()} onClick={() => setMode('edit')}>
            {t('view.edit')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setMode('password')}
          >
            {t('password.title')}
          </button>
        </div>
      </Panel>
      <FeedPanel />
      <NotificationsPanel />
      <AccessTokensPanel />
    </div>
  );
}
