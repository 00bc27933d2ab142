import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type ChangePasswordRequest,
  type LoginRequest,
  type ResetConfirmRequest,
  type ResetRequest,
  type UpdateProfileRequest,
  type User,
} from '@capshelf/contract';
import { call } from './client';

export const authKeys = {
  me: ['auth', 'me'] as const,
  status: ['auth', 'status'] as const,
};

/** The signed-in user; only enabled while a token is held. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => call(api.auth.me, {}, { signal }),
    enabled,
  });
}

export function useAuthStatus() {
  return useQuery({
    queryKey: authKeys.status,
    queryFn: ({ signal }) => call(api.auth.status, {}, { signal }),
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => call(api.auth.login, { body }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => call(api.auth.logout),
  });
}

/** Saves the profile and puts the server's answer in the `me` cache at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => call(api.auth.updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}

/**
 * Saves the user's language and/or theme. The `me` cache takes the choice at once (the page
 * repaints before the server answers) and goes back to what it was if the server refuses.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Pick<UpdateProfileRequest, 'locale' | 'theme'>) =>
      call(api.auth.updateProfile, { body: preferences }),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: authKeys.me });
      const previous = queryClient.getQueryData<User>(authKeys.me);
      if (previous) queryClient.setQueryData<User>(authKeys.me, { ...previous, ...preferences });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(authKeys.me, context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(api.auth.changePassword, { body }),
  });
}

export function useResetRequest() {
  return useMutation({
    mutationFn: (body: ResetRequest) => call(api.auth.requestReset, { body }),
  });
}

export function useResetConfirm() {
  return useMutation({
    mutationFn: (body: ResetConfirmRequest) => call(api.auth.confirmReset, { body }),
  });
}
