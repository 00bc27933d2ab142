import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CreateUserRequest,
  type ResetUserPasswordRequest,
  type UpdateUserRequest,
} from '@capshelf/contract';
import { call } from './client';

const adminUserKeys = {
  list: ['admin', 'users'] as const,
  /** Under the list's key: a change to the account (a reset, a disable) reads its tokens again. */
  tokens: (id: number) => [...adminUserKeys.list, id, 'tokens'] as const,
};

export function useAdminUsers() {
  return useQuery({
    queryKey: adminUserKeys.list,
    queryFn: ({ signal }) => call(api.adminUsers.list, {}, { signal }),
  });
}

/** Every change answers with the account; the list is read again so it never shows stale rows. */
function useAdminUserMutation<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.list }),
  });
}

export const useCreateUser = () =>
  useAdminUserMutation((body: CreateUserRequest) => call(api.adminUsers.create, { body }));

export const useUpdateUser = () =>
  useAdminUserMutation(({ id, ...body }: UpdateUserRequest & { id: number }) =>
    call(api.adminUsers.update, { params: { id }, body }),
  );

export const useResetUserPassword = () =>
  useAdminUserMutation(({ id, ...body }: ResetUserPasswordRequest & { id: number }) =>
    call(api.adminUsers.resetPassword, { params: { id }, body }),
  );

/** One user's access tokens (never the tokens themselves), read when the admin opens them. */
export function useUserTokens(id: number) {
  return useQuery({
    queryKey: adminUserKeys.tokens(id),
    queryFn: ({ signal }) => call(api.adminUsers.tokens, { params: { id } }, { signal }),
  });
}

/** Revokes one of the user's tokens (audited), then reads their tokens again. */
export function useRevokeUserToken(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => call(api.adminUsers.revokeToken, { params: { id, tokenId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.tokens(id) }),
  });
}
