import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CreateTokenRequest } from '@capshelf/contract';
import { call } from './client';

const tokenKeys = { all: ['access-tokens'] as const };

/** The account's personal access tokens (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => call(api.tokens.list, {}, { signal }),
  });
}

/** Makes a token; the answer holds the token, shown once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) => call(api.tokens.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.tokens.revoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
