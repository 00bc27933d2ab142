import { useTranslation } from 'react-i18next';
import { UpdateProfileRequest, type User } from '@capshelf/contract';
import { useUpdateProfile } from '../../api';
import { readToken } from '../../features/auth';
import { FormActions, StackedForm } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useForm } from '../../components/useForm';
import { checkedParse, emailProblem } from '../../lib/validation';
import { savedCallbacks } from './savedCallbacks';

/** Edits username, display name and email; saved with PATCH /auth/me. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm('profile', {
    username: user.username,
    displayName: user.display_name ?? '',
    email: user.email,
    currentPassword: '',
  });
  const { username, displayName, email, currentPassword } = form.values;
  // A new email needs the password (the server checks it): reset links go to that address.
  const emailChanged = email.trim().toLowerCase() !== user.email;

  const submit = form.submit(
    () => {
      const problem =
        (readToken() ? null : t('edit.noToken')) ??
        emailProblem(email, t('edit.emailEmpty')) ??
        (emailChanged && !currentPassword ? t('errors:detail.emailNeedsPassword') : null);
      if (problem) return { problem };
      return checkedParse(
        UpdateProfileRequest.safeParse({
          username,
          display_name: displayName,
          email,
          ...(emailChanged ? { current_password: currentPassword } : {}),
        }),
      );
    },
    (request) =>
      update.mutate(
        request,
        savedCallbacks(t('edit.saved'), onDone, form.failed(t('edit.failed'))),
      ),
  );

  return (
    <StackedForm onSubmit={submit}>
      <FormField {...form.field('username')} label={t('field.username')} autoComplete="username" />
      <FormField
        {...form.field('displayName')}
        label={t('field.displayName')}
        autoComplete="nickname"
      />
      <FormField {...form.field('email')} kind="email" label={t('field.email')} />
      {emailChanged && (
        <FormField
          {...form.field('currentPassword')}
          kind="current-password"
          label={t('edit.currentPassword')}
        />
      )}
      <FormActions
        problem={form.problem}
        pending={update.isPending}
        label={t('common:save')}
        pendingLabel={t('common:saving')}
        onCancel={onDone}
      />
    </StackedForm>
  );
}
