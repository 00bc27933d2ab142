import { z } from 'zod';
import { validationMessages } from './messages';

/**
 * What a personal access token may do: `read` (GET calls, search and episode lists), `download`
 * (download tasks), `favorites` (change favourites and follows). No token reaches account or
 * admin calls.
 */
export const TokenScope = z.enum(['read', 'download', 'favorites']);
export type TokenScope = z.infer<typeof TokenScope>;

/** Every token starts with this, so it is told apart from a session at a glance. */
export const ACCESS_TOKEN_PREFIX = 'csp_';
export const ACCESS_TOKENS_PER_USER = 20;

/** A new token: its name, scopes and life, and the caller's password (a session alone makes none). */
export const CreateTokenRequest = z.object({
  current_password: z.string().min(1, validationMessages.currentPasswordEmpty).max(256),
  name: z
    .string()
    .trim()
    .min(1, validationMessages.tokenNameEmpty)
    .max(100, validationMessages.tokenNameTooLong),
  scopes: z
    .array(TokenScope)
    .min(1, validationMessages.tokenScopesEmpty)
    .max(3)
    .transform((scopes) => [...new Set(scopes)]),
  /** Unset: the token never expires (until revoked). */
  expires_in_days: z.number().int().min(1).max(3650).optional(),
});
export type CreateTokenRequest = z.input<typeof CreateTokenRequest>;

export const AccessToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(TokenScope),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type AccessToken = z.infer<typeof AccessToken>;

/** The answer to a creation: the only time the token itself is shown. */
export const CreatedToken = AccessToken.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof CreatedToken>;

export const TokensResponse = z.object({ tokens: z.array(AccessToken) });
export type TokensResponse = z.infer<typeof TokensResponse>;

export const TokenIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** An admin's view of one user's token: the user's id and the token's. */
export const UserTokenParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  tokenId: z.coerce.number().int().positive().max(2_147_483_647),
});
