import { useTranslation } from 'react-i18next';

const APP_VERSION = '1.0.0';

export function Footer() {
  const { t } = useTranslation('layout');
  return (
    <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">
      <p>capshelf v{APP_VERSION}</p>
      <p>{t('footer.copyright')}</p>
    </footer>
  );
}
