import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIBRARY_SCOPES, type LibraryScope } from '@capshelf/contract';
import { RadioGroup } from '../../components/RadioGroup';
import { useSession } from '../auth';

/**
 * Whose images the library shows, kept in the URL (`?scope=all`): the user's own, or for an
 * admin 全部用户. Anyone else asking for `all` gets their own (the server would answer 403).
 */
export function useLibraryScope(): LibraryScope {
  const [params] = useSearchParams();
  const isAdmin = useSession().user?.role === 'admin';
  return isAdmin && params.get('scope') === 'all' ? 'all' : 'mine';
}

/** `params` with `scope` set (dropped for the default) and the page back at 1. */
export function withScope(params: URLSearchParams, scope: LibraryScope): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (scope === 'all') next.set('scope', 'all');
  else next.delete('scope');
  return next;
}

/** The admin's switch between 我的 and 全部用户; nothing for anyone else. */
export function ScopeSwitch() {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const scope = useLibraryScope();
  const isAdmin = useSession().user?.role === 'admin';
  if (!isAdmin) return null;
  return (
    <RadioGroup
      name="library-scope"
      legend={t('scope.legend')}
      legendHidden
      value={scope}
      options={LIBRARY_SCOPES.map((value) => ({ value, label: t(`scope.${value}`) }))}
      onChange={(next) => setParams(withScope(params, next))}
    />
  );
}
