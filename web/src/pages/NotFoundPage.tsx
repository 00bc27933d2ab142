import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Panel title={t('notFound.title')}>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass()}>
        {t('notFound.home')}
      </Link>
    </Panel>
  );
}
