import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@capshelf/contract';
import { authKeys, useLogout, useMe, useSavePreferences } from '../../api';
import { applyLocale } from '../../i18n';
import { takeLoginChoice } from '../../i18n/preference';
import { SessionContext, type Session } from './SessionContext';
import { clearStoredSession, LOGOUT_EVENT, readToken, saveToken, saveUser } from './storage';

/**
 * Auth state: loading while a stored token is checked with GET /auth/me, then
 * authenticated or unauthenticated. A 401 anywhere (the client's logout event) ends the session.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(readToken);
  const [expired, setExpired] = useState(false);
  const me = useMe(token !== null);
  const logout = useLogout();
  const { mutate: savePreferences } = useSavePreferences();

  // Forget everything cached for this user so the next one starts clean.
  const forget = useCallback(() => {
    clearStoredSession();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  // The server refused the held token: the session expired or was revoked (not a sign-out).
  useEffect(() => {
    const ended = () => {
      setExpired(true);
      forget();
    };
    window.addEventListener(LOGOUT_EVENT, ended);
    return () => window.removeEventListener(LOGOUT_EVENT, ended);
  }, [forget]);

  useEffect(() => {
    if (me.data) saveUser(me.data);
  }, [me.data]);

  // The user's language follows them to every device (and is mirrored for the login page).
  const locale = token !== null ? me.data?.locale : undefined;
  useEffect(() => {
    if (locale) applyLocale(locale);
  }, [locale]);

  // A stored token that cannot be confirmed is not a session (restore failure).
  const restoreFailed = token !== null && me.isError && !me.data;
  useEffect(() => {
    if (restoreFailed) forget();
  }, [restoreFailed, forget]);

  const signIn = useCallback(
    (login: LoginResponse) => {
      saveToken(login.access_token);
      setExpired(false);
      // A language picked on the login page since the last login is the latest explicit choice:
      // it wins over the stored one and is saved for the other devices.
      const chosen = takeLoginChoice();
      const differs = chosen !== null && chosen !== login.user.locale;
      queryClient.setQueryData(
        authKeys.me,
        differs ? { ...login.user, locale: chosen } : login.user,
      );
      setToken(login.access_token);
      if (differs) savePreferences({ locale: chosen });
    },
    [queryClient, savePreferences],
  );

  const { mutateAsync: revoke } = logout;
  const signOut = useCallback(async () => {
    try {
      await revoke();
    } catch {
      // The token is dropped here whatever the server said; it expires there on its own.
    } finally {
      forget();
    }
  }, [revoke, forget]);

  const session = useMemo<Session>(() => {
    const user = token !== null ? (me.data ?? null) : null;
    const status =
      token === null || restoreFailed ? 'unauthenticated' : user ? 'authenticated' : 'loading';
    return { status, user, signIn, signOut, expired };
  }, [token, me.data, restoreFailed, signIn, signOut, expired]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
