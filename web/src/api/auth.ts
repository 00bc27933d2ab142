import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ResetConfirmRequest,
  ResetRequest,
  StatusResponse,
  UpdateProfileRequest,
  User,
} from '@capshelf/contract';
import { apiRequest } from './client';

export const authKeys = {
  me: ['auth', 'me'] as const,
  status: ['auth', 'status'] as const,
};

/** The signed-in user; only enabled while a token is held. */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => apiRequest<User>('/auth/me', { signal }),
    enabled,
  });
}

export function useAuthStatus() {
  return useQuery({
    queryKey: authKeys.status,
    queryFn: ({ signal }) => apiRequest<StatusResponse>('/auth/status', { signal }),
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiRequest<LoginResponse>('/auth/login', { method: 'POST', body }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest<void>('/auth/logout', { method: 'POST' }),
  });
}

/** Saves the profile and puts the server's answer in the `me` cache at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      apiRequest<User>('/auth/me', { method: 'PATCH', body }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}

/** Stores the interface language on the server (PATCH /auth/me {locale}); the cache follows. */
/**
 * Saves the user's language and/or theme. The `me` cache takes the choice at once (the page
 * repaints before the server answers) and goes back to what it was if the server refuses.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Pick<UpdateProfileRequest, 'locale' | 'theme'>) =>
      apiRequest<User>('/auth/me', { method: 'PATCH', body: preferences }),
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
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<void>('/auth/change-password', { method: 'POST', body }),
  });
}

export function useResetRequest() {
  return useMutation({
    mutationFn: (body: ResetRequest) =>
      apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', body }),
  });
}

export function useResetConfirm() {
  return useMutation({
    mutationFn: (body: ResetConfirmRequest) =>
      apiRequest<MessageResponse>('/auth/reset-password/confirm', { method: 'POST', body }),
  });
}
