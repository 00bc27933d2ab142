import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button';

export interface ShownPassword {
  email: string;
  password: string;
  /** What happened: a new account or a reset. */
  action: 'created' | 'reset';
}

/** A generated password, shown once so the admin can pass it on. */
export function PasswordNotice({
  shown,
  onDismiss,
}: {
  shown: ShownPassword;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
    >
      <p className="min-w-0 flex-1 break-words">
        {t(shown.action === 'created' ? 'notice.created' : 'notice.reset', { email: shown.email })}
        <code className="mx-1 rounded bg-white px-2 py-0.5 font-mono select-all">
          {shown.password}
        </code>
        {t('notice.once')}
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={onDismiss}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
