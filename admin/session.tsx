/**
 * Who is signed in to the admin app and what their role allows, read from
 * GET /api/owner/session on load (which also gives the XSRF token back
 * after a reload) and replaced on sign-in and sign-out.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { OwnerAction } from '../shared/owner-permissions.ts';
import { ClientApiError, ownerRequest, setOwnerXsrf } from './owner-api.ts';

export interface OwnerSessionInfo {
  xsrfToken: string;
  contributor: { id: string; email: string; name: string; role: number; roleLabel: string };
  permissions: OwnerAction[];
  site: { id: string; title: string };
}

interface SessionState {
  /** undefined while the first answer is awaited, null when signed out. */
  session: OwnerSessionInfo | null | undefined;
  can(action: OwnerAction): boolean;
  /** Reads the session again (after sign-in, or a change of one's own name). */
  refresh(): Promise<void>;
  signOut(): Promise<void>;
  /** Set when the first read failed for another reason than being signed out. */
  loadError: string | null;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<OwnerSessionInfo | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const info = await ownerRequest<OwnerSessionInfo>('/api/owner/session');
      setOwnerXsrf(info.xsrfToken);
      setSession(info);
      setLoadError(null);
    } catch (error) {
      setOwnerXsrf(undefined);
      setSession(null);
      if (!(error instanceof ClientApiError && error.status === 401)) {
        setLoadError(error instanceof Error ? error.message : String(error));
      }
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const signOut = useCallback(async () => {
    await ownerRequest('/api/owner/session', { method: 'DELETE' });
    setOwnerXsrf(undefined);
    setSession(null);
  }, []);
  const can = (action: OwnerAction) => session?.permissions.includes(action) ?? false;
  return (
    <SessionContext.Provider value={{ session, can, refresh, signOut, loadError }}>{children}</SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
