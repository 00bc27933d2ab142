import { choice, slot, text, type RouteInputs, type Samples } from '../route-slots';

/** The signed-in user of `startBrowseApp`. */
export const OWNER = { email: 'browser@example.com', password: 'UserPass123' };

/** Sign-in, profile, password and the admin's user management. */
export function accountInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/auth/login': {
      body: { email: text(254, OWNER.email, true), password: text(256, OWNER.password, true) },
    },
    'GET /api/auth/me': {},
    'PATCH /api/auth/me': {
      body: {
        username: text(50),
        display_name: text(100, 'Someone Else'),
        email: slot('email'),
      },
    },
    'POST /api/auth/change-password': {
      body: {
        current_password: text(256, 'UserPass123', true),
        new_password: slot('password', 'NewPass1234', { required: true }),
      },
    },
    'POST /api/auth/logout': {},
    'GET /api/auth/status': {},
    'POST /api/auth/reset-password': {
      body: { email: slot('email', 'nobody@example.com', { required: true }) },
    },
    'POST /api/auth/reset-password/confirm': {
      body: {
        token: text(200, 'not-a-token', true),
        new_password: slot('password', 'NewPass1234', { required: true }),
      },
    },
    'GET /api/admin/users': {},
    'POST /api/admin/users': {
      body: {
        email: slot('email', 'newcomer@example.com', { required: true }),
        role: choice('user'),
        password: slot('password', 'NewPass1234'),
        username: text(50, 'newcomer'),
        display_name: text(100, 'Newcomer'),
      },
    },
    'PATCH /api/admin/users/:id': {
      params: { id: slot('row-id', s.userId) },
      body: { role: choice('user'), status: choice('active') },
    },
    'POST /api/admin/users/:id/password': {
      params: { id: slot('row-id', s.userId) },
      body: {
        current_password: text(256, 'AdminPass123', true),
        password: slot('password', 'NewPass1234'),
      },
    },
    'GET /api/admin/users/:id/tokens': { params: { id: slot('row-id', s.userId) } },
    'DELETE /api/admin/users/:id/tokens/:tokenId': {
      params: { id: slot('row-id', s.userId), tokenId: slot('row-id', s.tokenId) },
    },
  };
}
