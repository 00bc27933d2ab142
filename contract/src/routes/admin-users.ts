import {
  AdminUser,
  AdminUserIdParams,
  AdminUserList,
  CreateUserRequest,
  CreateUserResponse,
  ResetUserPasswordRequest,
  UpdateUserRequest,
} from '../admin';
import { route } from '../route';
import { TokensResponse, UserTokenParams } from '../tokens';

/** The admin's account management (admins only); a new account answers 201. */
export const adminUserRoutes = {
  list: route({ method: 'GET', path: '/api/admin/users', responses: { 200: AdminUserList } }),
  create: route({
    method: 'POST',
    path: '/api/admin/users',
    body: CreateUserRequest,
    responses: { 201: CreateUserResponse },
  }),
  update: route({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: AdminUserIdParams,
    body: UpdateUserRequest,
    responses: { 200: AdminUser },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/admin/users/:id/password',
    params: AdminUserIdParams,
    body: ResetUserPasswordRequest,
    responses: { 200: CreateUserResponse },
  }),
  /** A user's personal access tokens, which the admin may revoke (audited). */
  tokens: route({
    method: 'GET',
    path: '/api/admin/users/:id/tokens',
    params: AdminUserIdParams,
    responses: { 200: TokensResponse },
  }),
  revokeToken: route({
    method: 'DELETE',
    path: '/api/admin/users/:id/tokens/:tokenId',
    params: UserTokenParams,
  }),
};
