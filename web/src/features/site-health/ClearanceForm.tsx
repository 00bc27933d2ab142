import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage, usePasteClearance } from '../../api';
import { checkMessage } from './challenge';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';

/** Paste a clearance copied out of a browser; stored, applied at once and checked on the site. */
export function ClearanceForm() {
  const [cookie, setCookie] = useState('');
  const [userAgent, setUserAgent] = useState('');
  const paste = usePasteClearance();
  const { t } = useTranslation('siteHealth');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    paste.mutate(
      { cookie, user_agent: userAgent },
      {
        onSuccess: ({ check }) => {
          if (check.ok) {
            toast.success(checkMessage(check));
            setCookie('');
          } else {
            toast.error(t('form.savedNotPassed', { message: checkMessage(check) }));
          }
        },
        onError: (error) => toast.error(errorMessage(error, t('form.saveFailed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        <Trans t={t} i18nKey="form.intro" components={{ code: <code /> }} />
      </p>
      <FormField
        id="clearance-cookie"
        label="Cookie"
        value={cookie}
        onChange={setCookie}
        placeholder="cf_clearance=…"
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        id="clearance-user-agent"
        label="User-Agent"
        value={userAgent}
        onChange={setUserAgent}
        placeholder="Mozilla/5.0 …"
        autoComplete="off"
        spellCheck={false}
      />
      <button
        type="submit"
        className={`${buttonClass()} self-start`}
        disabled={paste.isPending || cookie.trim() === '' || userAgent.trim() === ''}
      >
        {paste.isPending ? t('form.pending') : t('form.submit')}
      </button>
    </form>
  );
}
