import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage, usePasteClearance } from '../../api';
import { checkMessage } from './challenge';
import { SubmitButton } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';
import { useForm } from '../../components/useForm';

/** Pasted browser values: no autofill, no spelling marks. */
const pasted = { autoComplete: 'off', spellCheck: false } as const;

/** Paste a clearance copied out of a browser; stored, applied at once and checked on the site. */
export function ClearanceForm() {
  const form = useForm('clearance', { cookie: '', userAgent: '' });
  const { cookie, userAgent } = form.values;
  const paste = usePasteClearance();
  const { t } = useTranslation('siteHealth');

  const submit = form.submit(
    () => ({ valid: { cookie, user_agent: userAgent } }),
    (request) =>
      paste.mutate(request, {
        onSuccess: ({ check }) => {
          if (check.ok) {
            toast.success(checkMessage(check));
            form.set({ cookie: '' });
          } else {
            toast.error(t('form.savedNotPassed', { message: checkMessage(check) }));
          }
        },
        onError: (error) => toast.error(errorMessage(error, t('form.saveFailed'))),
      }),
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        <Trans t={t} i18nKey="form.intro" components={{ code: <code /> }} />
      </p>
      <FormField
        {...form.field('cookie')}
        {...pasted}
        label="Cookie"
        placeholder="cf_clearance=…"
      />
      <FormField
        {...form.field('userAgent')}
        {...pasted}
        label="User-Agent"
        placeholder="Mozilla/5.0 …"
      />
      <SubmitButton
        className={`${buttonClass()} self-start`}
        pending={paste.isPending}
        disabled={cookie.trim() === '' || userAgent.trim() === ''}
        label={t('form.submit')}
        pendingLabel={t('form.pending')}
      />
    </form>
  );
}
