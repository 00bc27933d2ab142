import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Role } from '@capshelf/contract';
import { errorMessage, useCreateUser } from '../../api';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { passwordRuleProblem } from '../../lib/validation';
import type { ShownPassword } from './PasswordNotice';
import { roleOptions } from './roles';

/** Adds an account; an empty password field means "generate one and show it once". */
export function AddUserForm({ onCreated }: { onCreated: (shown: ShownPassword) => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const weak = password === '' ? null : passwordRuleProblem(password);
    if (email.trim() === '' || weak) {
      setProblem(weak ?? t('add.emailEmpty'));
      return;
    }
    setProblem(null);
    create.mutate(
      { email: email.trim(), role, ...(password ? { password } : {}) },
      {
        onSuccess: ({ user, generated_password }) => {
          toast.success(t('add.done', { email: user.email }));
          if (generated_password) {
            onCreated({ email: user.email, password: generated_password, action: 'created' });
          }
          setEmail('');
          setPassword('');
        },
        onError: (error) => setProblem(errorMessage(error, t('add.failed'))),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('add.title')}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="font-semibold text-slate-900">{t('add.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="new-user-email"
          label={t('profile:field.email')}
          type="email"
          value={email}
          onChange={setEmail}
        />
        <FormField
          id="new-user-password"
          label={t('add.password')}
          type="text"
          autoComplete="off"
          value={password}
          onChange={setPassword}
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
        <button type="submit" className={`${buttonClass()} ml-auto`} disabled={create.isPending}>
          {create.isPending ? t('add.pending') : t('add.title')}
        </button>
      </div>
      <FormError message={problem} />
    </form>
  );
}
