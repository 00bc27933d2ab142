import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Locale } from '@capshelf/contract';
import { errorMessage, useSavePreferences } from '../../api';
import { RadioGroup } from '../../components/RadioGroup';
import { chooseLocaleBeforeLogin, LOCALE_NAMES } from '../../i18n/preference';

const options = Locale.options.map((value) => ({ value, label: LOCALE_NAMES[value], lang: value }));

/** 设置's 语言: applied at once and stored on the server, so every device follows at login. */
export function LanguageChoice() {
  const { t, i18n } = useTranslation('settings');
  const save = useSavePreferences();
  const current = i18n.language as Locale;

  // The session applies the user's locale: the saved choice shows at once, and the old one
  // comes back if the server refuses it.
  const choose = (locale: Locale) =>
    save.mutate(
      { locale },
      { onError: (error) => toast.error(errorMessage(error, t('language.saveFailed'))) },
    );

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{t('language.title')}</h2>
      <RadioGroup
        name="locale"
        legend={t('language.title')}
        legendHidden
        value={current}
        options={options}
        onChange={choose}
      />
    </div>
  );
}

/** The login page's switch: kept in this browser, sent to the server at the next login. */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation('settings');
  return (
    <RadioGroup
      name="login-locale"
      legend={t('language.title')}
      value={i18n.language as Locale}
      options={options}
      onChange={chooseLocaleBeforeLogin}
    />
  );
}
