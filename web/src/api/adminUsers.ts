import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserList,
  CreateUserRequest,
  CreateUserResponse,
  ResetUserPasswordRequest,
  UpdateUserRequest,
} from '@capshelf/contract';
import { apiRequest } from './client';

const adminUserKeys = { list: ['admin', 'users'] as const };

export function useAdminUsers() {
  return useQuery({
    queryKey: adminUserKeys.list,
    queryFn: ({ signal }) => apiRequest<AdminUserList>('/admin/users', { signal }),
  });
}

/** Every change answers with the account; the list is read again so it never shows stale rows. */
function useAdminUserMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.list }),
  });
}

export const useCreateUser = () =>
  useAdminUserMutation((body: CreateUserRequest) =>
    apiRequest<CreateUserResponse>('/admin/users', { method: 'POST', body }),
  );

export const useUpdateUser = () =>
  useAdminUserMutation(({ id, ...body }: UpdateUserRequest & { id: number }) =>
    apiRequest<AdminUser>(`/admin/users/${id}`, { method: 'PATCH', body }),
  );

export const useResetUserPassword = () =>
  useAdminUserMutation(({ id, ...body }: ResetUserPasswordRequest & { id: number }) =>
    apiRequest<CreateUserResponse>(`/admin/users/${id}/password`, { method: 'POST', body }),
  );
