import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES, type TAuthResult, type TPublicUser, type TUserAnswer, paths } from '@contesthub/shared';
import { apiData, ApiError, apiRequest, authEvents } from './api';
import { tokenStore } from './storage';
import { useToast } from './toast';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthApi {
  user: TPublicUser | null;
  status: AuthStatus;
  /** True from the moment Logout is clicked until the browser is home: guards must not redirect. */
  signingOut: boolean;
  /** Store a login (login, registration, verification answers) and show its user at once. */
  signIn: (result: Pick<TAuthResult, 'token' | 'refreshToken'> & { user: TPublicUser }) => void;
  signOut: () => Promise<void>;
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [hasToken, setHasToken] = useState(() => tokenStore.token !== null);
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (signingOut && pathname === paths.home()) setSigningOut(false);
  }, [signingOut, pathname]);

  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async () => (await apiData<TUserAnswer>('/auth/me')).user,
    enabled: hasToken,
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
    staleTime: 60_000,
  });

  const forget = useCallback(() => {
    tokenStore.clear();
    setHasToken(false);
    queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  // A failed current-user check (not a network blip) clears the stored login (spec 000 §4).
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status >= 400 && me.error.status < 500) forget();
  }, [me.error, forget]);

  // Several calls in flight when a ban lands are all refused: the person is told once.
  const lastBan = useRef<{ message: string; at: number } | null>(null);
  useEffect(
    () =>
      authEvents.on((event) => {
        forget();
        if (event.type === 'session-expired') {
          // The dashboard's guard then opens /login: the toast explains that change.
          toast.toast({
            type: 'warning',
            title: MESSAGES.toast.sessionExpiredTitle,
            message: MESSAGES.toast.sessionExpiredMessage,
            keepOnNavigate: true,
          });
        } else {
          const seen = lastBan.current;
          if (seen && seen.message === event.message && Date.now() - seen.at < 10_000) return;
          lastBan.current = { message: event.message, at: Date.now() };
          toast.toast({
            type: 'error',
            title: 'Account Banned',
            message: event.reason && !event.message.includes(event.reason) ? `${event.message} Reason: ${event.reason}` : event.message,
            duration: 10_000,
            keepOnNavigate: true,
          });
          navigate(paths.login(), { replace: true });
        }
      }),
    [forget, toast, navigate],
  );

  const signIn = useCallback<AuthApi['signIn']>(
    ({ token, refreshToken, user }) => {
      tokenStore.set(token, refreshToken);
      queryClient.setQueryData(ME_QUERY_KEY, user);
      setHasToken(true);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch (err) {
      // The local login is dropped anyway; only a real server failure is worth telling.
      if (!(err instanceof ApiError && err.status === 401)) {
        toast.toast({
          type: 'error',
          title: MESSAGES.toast.logoutErrorTitle,
          message: MESSAGES.toast.logoutErrorMessage,
          keepOnNavigate: true,
        });
      }
    }
    forget();
    queryClient.clear();
    navigate(paths.home());
  }, [forget, queryClient, navigate, toast]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const user = hasToken ? (me.data ?? null) : null;
  const status: AuthStatus = !hasToken ? 'anonymous' : me.data ? 'authenticated' : me.isError ? 'anonymous' : 'loading';
  const value = useMemo<AuthApi>(
    () => ({ user, status, signingOut, signIn, signOut, refreshUser }),
    [user, status, signingOut, signIn, signOut, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
