import { createContext, useContext } from 'react';
import type { LoginResponse, User } from '@capshelf/contract';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Stores the login answer; the visitor is authenticated from then on. */
  signIn: (login: LoginResponse) => void;
  /** Revokes the token on the server (best effort) and forgets it here. */
  signOut: () => Promise<void>;
  /** True when the server ended the session (expired or revoked), not the user. */
  expired: boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
