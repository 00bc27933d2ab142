import { useTranslation } from 'react-i18next';
import { ChangePasswordRequest } from '@capshelf/contract';
import { useChangePassword } from '../../api';
import { FormActions, StackedForm } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useForm } from '../../components/useForm';
import { checkedParse } from '../../lib/validation';
import { savedCallbacks } from './savedCallbacks';

/** Changes the password with POST /auth/change-password; the server checks the current one. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const form = useForm('change-password', { current: '', new: '', confirm: '' });

  const { current, new: password, confirm: repeat } = form.values;
  const submit = form.submit(
    () => {
      const parsed = checkedParse(
        ChangePasswordRequest.safeParse({ current_password: current, new_password: password }),
      );
      return 'valid' in parsed && password !== repeat
        ? { problem: t('validation:passwordMismatch') }
        : parsed;
    },
    (request) =>
      change.mutate(
        request,
        savedCallbacks(t('password.saved'), onDone, form.failed(t('password.failed'))),
      ),
  );

  return (
    <StackedForm onSubmit={submit}>
      <FormField {...form.field('current')} kind="current-password" label={t('password.current')} />
      <NewPasswordFields password={form.field('new')} repeat={form.field('confirm')} />
      <FormActions
        problem={form.problem}
        pending={change.isPending}
        label={t('password.submit')}
        pendingLabel={t('common:submitting')}
        onCancel={onDone}
      />
    </StackedForm>
  );
}
