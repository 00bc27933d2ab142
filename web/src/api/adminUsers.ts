import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CreateUserRequest,
  type ResetUserPasswordRequest,
  type UpdateUserRequest,
} from '@capshelf/contract';
import { call } from './client';

const adminUserKeys = { list: ['admin', 'users'] as const };

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
