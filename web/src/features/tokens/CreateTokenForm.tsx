import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateTokenRequest, TokenScope, type CreatedToken } from '@capshelf/contract';
import { useCreateAccessToken } from '../../api';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { SubmitButton, StackedForm } from '../../components/FormActions';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { useForm } from '../../components/useForm';
import { checkedParse } from '../../lib/validation';

const EXPIRY = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRY)[number];

/**
 * Name, permissions and lifetime of a new token, and the account's password (the server makes
 * none without it); `onCreated` receives the token. The password is cleared once the server has
 * answered, whatever it answered.
 */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation('tokens');
  const create = useCreateAccessToken();
  const form = useForm('token', { name: '', password: '' });
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<Expiry>('90');

  const toggle = (scope: TokenScope) =>
    setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));
  const submit = form.submit(
    () =>
      checkedParse(
        CreateTokenRequest.safeParse({
          current_password: form.values.password,
          name: form.values.name,
          scopes,
          ...(expiry === 'never' ? {} : { expires_in_days: Number(expiry) }),
        }),
      ),
    (request) =>
      create.mutate(request, {
        onSuccess: (token) => {
          form.set({ name: '' });
          onCreated(token);
        },
        onError: form.failed(t('failed')),
        onSettled: () => form.set({ password: '' }),
      }),
  );

  return (
    <StackedForm onSubmit={submit}>
      <FormField {...form.field('name')} label={t('name')} maxLength={100} />
      <CheckboxGroup
        legend={t('scopes')}
        options={TokenScope.options.map((scope) => ({ value: scope, label: t(`scope.${scope}`) }))}
        value={scopes}
        onToggle={toggle}
      />
      <SelectField
        id="token-expiry"
        label={t('expiry')}
        value={expiry}
        options={EXPIRY.map((value) => ({ value, label: t(`expiresIn.${value}`) }))}
        onChange={setExpiry}
      />
      <FormField
        {...form.field('password')}
        kind="current-password"
        label={t('profile:password.current')}
        required
      />
      <FormError message={form.problem} />
      <div>
        <SubmitButton
          className={`${buttonClass()} min-h-10`}
          pending={create.isPending}
          label={t('create')}
          pendingLabel={t('common:submitting')}
        />
      </div>
    </StackedForm>
  );
}
