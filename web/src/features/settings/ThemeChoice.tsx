import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Theme } from '@capshelf/contract';
import { errorMessage, useSavePreferences } from '../../api';
import { RadioGroup } from '../../components/RadioGroup';
import { useSession } from '../auth';

/** 设置 → 外观: light, dark or the system's scheme, stored on the user (every device follows). */
export function ThemeChoice() {
  const { t } = useTranslation('theme');
  const { user } = useSession();
  const save = useSavePreferences();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{t('heading')}</h2>
      <RadioGroup<Theme>
        name="theme"
        legend={t('legend')}
        value={user.theme}
        options={Theme.options.map((value) => ({ value, label: t(value) }))}
        onChange={(theme) =>
          save.mutate(
            { theme },
            {
              onError: (error) => toast.error(errorMessage(error, t('saveFailed'))),
            },
          )
        }
      />
      <p className="text-sm text-slate-600">{t('hint')}</p>
    </div>
  );
}
