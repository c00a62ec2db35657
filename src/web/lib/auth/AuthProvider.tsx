import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { UserRecord } from '#shared/accounts';
import { articleKeys } from '#web/lib/api/articles';
import { ApiError } from '#web/lib/api/client';
import { getUserRecord, userKeys, userRecordQueryOptions } from '#web/lib/api/users';
import { searchKeys } from '#web/lib/api/search';
import { authKeys, sessionQueryOptions, signInWithEmail, signOutOfServer } from './authApi';
import { AuthContext, type Auth } from './authContext';
import { authState } from './authState';
import { forgetStoredUser, storeUser } from './storedUser';

/** Spec: the user data, and with it the premium state, is read again every 30 seconds. */
const recordRefetchMs = 30_000;

/**
 * Knows who is signed in: first the session (from the cookie), then that user's record from
 * /api/users, which carries the roles. Everything else reads it through useAuth().
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const sessionUser = session.data?.user ?? null;
  const email = sessionUser?.email;
  const record = useQuery({
    queryKey: userKeys.record(email ?? ''),
    queryFn: email ? ({ signal }) => getUserRecord(email, signal) : skipToken,
    refetchInterval: recordRefetchMs,
  });

  const state = useMemo(
    () => authState(session.isPending, sessionUser, record.data, record.isError),
    [session.isPending, sessionUser, record.data, record.isError],
  );

  useEffect(() => {
    if (state.status === 'signedIn') storeUser(state.user);
    else if (session.isSuccess && session.data === null) forgetStoredUser();
  }, [state, session.isSuccess, session.data]);

  // What an article shows depends on who reads it (premium, the reading meter's allowance): a
  // reader who signs in, registers or signs out reads the articles again, the one on screen too.
  const settledReader = session.isSuccess ? (sessionUser?.id ?? null) : undefined;
  const lastReader = useRef(settledReader);
  useEffect(() => {
    if (settledReader === undefined) return;
    if (lastReader.current !== undefined && lastReader.current !== settledReader) {
      void queryClient.invalidateQueries({ queryKey: articleKeys.details() });
    }
    lastReader.current = settledReader;
  }, [settledReader, queryClient]);

  const recordError = record.error;
  useEffect(() => {
    if (!recordError) return;
    // The session ended since it was read (expired, or signed out elsewhere): read it again.
    if (recordError instanceof ApiError && recordError.status === 401) {
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    } else {
      // Spec: a failed user fetch is only logged; the admin and premium flags stay false.
      console.error('Could not load your account:', recordError);
    }
  }, [recordError, queryClient]);

  const refresh = useCallback(async (): Promise<UserRecord | null> => {
    const fresh = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (!fresh) return null;
    try {
      return await queryClient.fetchQuery({
        ...userRecordQueryOptions(fresh.user.email),
        staleTime: 0,
      });
    } catch {
      // The record query now holds the error, and the effect above reports it.
      return null;
    }
  }, [queryClient]);

  const signIn = useCallback(
    async (emailAddress: string, password: string) => {
      await signInWithEmail(emailAddress, password);
      queryClient.removeQueries({ queryKey: searchKeys.all });
      // Reads that failed before (a session that had ended) are asked again when next shown:
      // failed reads are not re-asked at each mount (lib/api/queryClient.ts).
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      return refresh();
    },
    [queryClient, refresh],
  );

  const signOut = useCallback(
    async (leave?: () => unknown) => {
      await signOutOfServer();
      await leave?.();
      forgetStoredUser();
      queryClient.setQueryData(authKeys.session, null);
      queryClient.removeQueries({ queryKey: userKeys.all });
      queryClient.removeQueries({ queryKey: searchKeys.all });
    },
    [queryClient],
  );

  const auth = useMemo<Auth>(
    () => ({ ...state, signIn, signOut, refresh }),
    [state, signIn, signOut, refresh],
  );

  return <AuthContext value={auth}>{children}</AuthContext>;
}
