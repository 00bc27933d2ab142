import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Theme, UpdateProfileRequest, User } from '@capshelf/contract';
import { authKeys } from './auth';
import { apiRequest } from './client';

/**
 * Saves the user's theme. The `me` cache takes the choice at once (the page repaints before the
 * server answers) and goes back to what it was if the server refuses.
 */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: Theme) =>
      apiRequest<User>('/auth/me', {
        method: 'PATCH',
        body: { theme } satisfies UpdateProfileRequest,
      }),
    onMutate: async (theme) => {
      await queryClient.cancelQueries({ queryKey: authKeys.me });
      const previous = queryClient.getQueryData<User>(authKeys.me);
      if (previous) queryClient.setQueryData<User>(authKeys.me, { ...previous, theme });
      return { previous };
    },
    onError: (_error, _theme, context) => {
      if (context?.previous) queryClient.setQueryData(authKeys.me, context.previous);
    },
    onSuccess: (user) => queryClient.setQueryData(authKeys.me, user),
  });
}
