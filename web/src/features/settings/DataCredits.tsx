import { Trans, useTranslation } from 'react-i18next';
import { useTitlesSource } from '../../api';

/**
 * Where the data capshelf ships comes from: the title table's CC BY 4.0 attribution, and the file
 * read instead of the shipped one when the server's TITLES_FILE names one.
 */
export function DataCredits() {
  const { t } = useTranslation('settings');
  const file = useTitlesSource().data?.titles_file;
  const link = 'text-sky-700 underline underline-offset-2';
  return (
    <section
      aria-labelledby="data-credits"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm"
    >
      <h2 id="data-credits" className="text-lg font-semibold text-slate-900">
        {t('credits.title')}
      </h2>
      <p>
        <Trans
          t={t}
          i18nKey={file ? 'credits.titlesFile' : 'credits.titles'}
          values={{ file }}
          components={{
            data: <a className={link} href="https://github.com/bangumi-data/bangumi-data" />,
            license: <a className={link} href="https://creativecommons.org/licenses/by/4.0/" />,
          }}
        />
      </p>
    </section>
  );
}
