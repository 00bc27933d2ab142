import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  ResetConfirmRequest,
  ResetRequest,
  StatusResponse,
  UpdateProfileRequest,
  User,
} from '../auth';
import { MessageResponse } from '../errors';
import { route } from '../route';

/**
 * Sign-in, the session and the signed-in account. `logout` and `changePassword` answer 204; a
 * reset request answers the same message whether or not the address has an account.
 */
export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    body: LoginRequest,
    responses: { 200: LoginResponse },
  }),
  logout: route({ method: 'POST', path: '/api/auth/logout' }),
  status: route({
    method: 'GET',
    path: '/api/auth/status',
    responses: { 200: StatusResponse },
  }),
  me: route({ method: 'GET', path: '/api/auth/me', responses: { 200: User } }),
  updateProfile: route({
    method: 'PATCH',
    path: '/api/auth/me',
    body: UpdateProfileRequest,
    responses: { 200: User },
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/change-password',
    body: ChangePasswordRequest,
  }),
  requestReset: route({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: ResetRequest,
    responses: { 200: MessageResponse },
  }),
  confirmReset: route({
    method: 'POST',
    path: '/api/auth/reset-password/confirm',
    body: ResetConfirmRequest,
    responses: { 200: MessageResponse },
  }),
};
