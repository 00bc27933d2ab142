import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedToken, CreateTokenRequest, TokensResponse } from '@capshelf/contract';
import { apiRequest } from './client';

const tokenKeys = { all: ['access-tokens'] as const };

/** The account's personal access tokens (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({
    queryKey: tokenKeys.all,
    queryFn: ({ signal }) => apiRequest<TokensResponse>('/auth/tokens', { signal }),
  });
}

/** Makes a token; the answer holds the token, shown once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) =>
      apiRequest<CreatedToken>('/auth/tokens', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/auth/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
