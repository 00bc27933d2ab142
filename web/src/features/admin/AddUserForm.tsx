import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Role } from '@capshelf/contract';
import { useCreateUser } from '../../api';
import { SubmitButton } from '../../components/FormActions';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { useForm } from '../../components/useForm';
import { checked, passwordRuleProblem } from '../../lib/validation';
import type { ShownPassword } from './PasswordNotice';
import { roleOptions } from './roles';

/** Adds an account; an empty password field means "generate one and show it once". */
export function AddUserForm({ onCreated }: { onCreated: (shown: ShownPassword) => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateUser();
  const form = useForm('new-user', { email: '', password: '' });
  const { email, password } = form.values;
  const [role, setRole] = useState<Role>('user');

  const submit = form.submit(
    () => {
      const weak = password === '' ? null : passwordRuleProblem(password);
      const problem = weak ?? (email.trim() === '' ? t('add.emailEmpty') : null);
      return checked(problem, { email: email.trim(), role, ...(password ? { password } : {}) });
    },
    (request) =>
      create.mutate(request, {
        onSuccess: ({ user, generated_password }) => {
          toast.success(t('add.done', { email: user.email }));
          if (generated_password) {
            onCreated({ email: user.email, password: generated_password, action: 'created' });
          }
          form.set({ email: '', password: '' });
        },
        onError: form.failed(t('add.failed')),
      }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('add.title')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="font-semibold text-slate-900">{t('add.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField {...form.field('email')} label={t('profile:field.email')} type="email" />
        <FormField
          {...form.field('password')}
          label={t('add.password')}
          type="text"
          autoComplete="off"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SelectField
          id="new-user-role"
          label={t('profile:field.role')}
          value={role}
          options={roleOptions()}
          onChange={setRole}
        />
        <SubmitButton
          className={`${buttonClass()} ml-auto`}
          pending={create.isPending}
          label={t('add.title')}
          pendingLabel={t('add.pending')}
        />
      </div>
      <FormError message={form.problem} />
    </form>
  );
}
