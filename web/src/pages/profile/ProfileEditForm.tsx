import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { UpdateProfileRequest, type User } from '@capshelf/contract';
import { errorMessage, useUpdateProfile } from '../../api';
import { readToken } from '../../features/auth';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';
import { emailProblem, firstIssue } from '../../lib/validation';

/** Edits username, display name and email; saved with PATCH /auth/me. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const [username, setUsername] = useState(user.username);
  const [displayName, setDisplayName] = useState(user.display_name ?? '');
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A new email needs the password (the server checks it): reset links go to that address.
  const emailChanged = email.trim().toLowerCase() !== user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readToken()) {
      setProblem(t('edit.noToken'));
      return;
    }
    const invalidEmail = emailProblem(email, t('edit.emailEmpty'));
    if (invalidEmail) {
      setProblem(invalidEmail);
      return;
    }
    if (emailChanged && !currentPassword) {
      setProblem(t('errors:detail.emailNeedsPassword'));
      return;
    }
    const parsed = UpdateProfileRequest.safeParse({
      username,
      display_name: displayName,
      email,
      ...(emailChanged ? { current_password: currentPassword } : {}),
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error));
      return;
    }
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('edit.saved'));
        onDone();
      },
      onError: (error) => setProblem(errorMessage(error, t('edit.failed'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        id="profile-username"
        label={t('field.username')}
        autoComplete="username"
        value={username}
        onChange={setUsername}
      />
      <FormField
        id="profile-display-name"
        label={t('field.displayName')}
        autoComplete="nickname"
        value={displayName}
        onChange={setDisplayName}
      />
      <FormField
        id="profile-email"
        label={t('field.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      {emailChanged && (
        <FormField
          id="profile-current-password"
          label={t('edit.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
        />
      )}
      <FormError message={problem} />
      <div className="flex gap-3">
        <button type="submit" className={buttonClass()} disabled={update.isPending}>
          {update.isPending ? t('common:saving') : t('common:save')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          {t('common:cancel')}
        </button>
      </div>
    </form>
  );
}
