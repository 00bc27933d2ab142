import { useState } from 'react';
import { useSession } from '../../features/auth';
import { Panel } from '../../components/Panel';
import { buttonClass } from '../../components/button';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileEditForm } from './ProfileEditForm';
import { ProfileView } from './ProfileView';
import { usePageTitle } from '../../lib/usePageTitle';

type Mode = 'view' | 'edit' | 'password';

export function ProfilePage() {
  usePageTitle('个人资料');
  const { user } = useSession();
  const [mode, setMode] = useState<Mode>('view');
  const back = () => setMode('view');
  // The route is protected, so this only happens while a logout redirects away.
  if (!user) return null;

  if (mode === 'edit') {
    return (
      <Panel title="编辑个人信息">
        <ProfileEditForm user={user} onDone={back} />
      </Panel>
    );
  }
  if (mode === 'password') {
    return (
      <Panel title="修改密码">
        <ChangePasswordForm onDone={back} />
      </Panel>
    );
  }
  return (
    <Panel title="个人信息">
      <ProfileView user={user} />
      <div className="flex gap-3">
        <button type="button" className={buttonClass()} onClick={() => setMode('edit')}>
          编辑
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => setMode('password')}
        >
          修改密码
        </button>
      </div>
    </Panel>
  );
}
