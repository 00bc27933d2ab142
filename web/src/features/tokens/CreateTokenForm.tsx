import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenScope, type CreatedToken } from '@capshelf/contract';
import { errorMessage, useCreateAccessToken } from '../../api';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';

const EXPIRY = ['never', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRY)[number];

/** Name, permissions and lifetime of a new token; `onCreated` receives it (with the token). */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation('tokens');
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [error, setError] = useState<string | null>(null);

  const toggle = (scope: TokenScope) =>
    setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create
      .mutateAsync({
        name,
        scopes,
        ...(expiry === 'never' ? {} : { expires_in_days: Number(expiry) }),
      })
      .then((token) => {
        setName('');
        onCreated(token);
      })
      .catch((failure: unknown) => setError(errorMessage(failure, t('failed'))));
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <FormField
        id="token-name"
        label={t('name')}
        value={name}
        onChange={setName}
        maxLength={100}
      />
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
      <FormError message={error} />
      <div>
        <button type="submit" className={buttonClass()} disabled={create.isPending}>
          {t('create')}
        </button>
      </div>
    </form>
  );
}
