import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RESET_REQUESTED_MESSAGE,
  ResetConfirmRequest,
  ResetRequest,
  StatusResponse,
  UpdateProfileRequest,
  User,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { currentUser, SESSION_COOKIE, SESSION_COOKIE_PATH } from './request-user';
import { RESET_DONE_MESSAGE, type AuthService } from './service';
import { toUser } from './users';

/** Sign-in, sign-out, the session's user and password resets. */
export function authRoutes({
  auth,
  settings,
}: {
  auth: AuthService;
  settings: Config['auth'];
}): FastifyPluginAsyncZod {
  const cookieOptions = {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: settings.cookieSecure,
  };

  return async (app) => {
    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: { body: LoginRequest, response: { 200: LoginResponse } },
      },
      async (request, reply) => {
        const { token, user } = await auth.login(
          request.body.email,
          request.body.password,
          request.ip,
        );
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookieOptions,
          maxAge: Math.floor(settings.sessionTtlMs / 1000),
        });
        return { access_token: token, token_type: 'bearer' as const, user };
      },
    );

    app.get('/me', { schema: { response: { 200: User } } }, async (request) =>
      toUser(currentUser(request)),
    );

    app.patch(
      '/me',
      { schema: { body: UpdateProfileRequest, response: { 200: User } } },
      async (request) => auth.updateProfile(currentUser(request), request.body, request.ip),
    );

    app.post(
      '/change-password',
      { schema: { body: ChangePasswordRequest } },
      async (request, reply) => {
        const { current_password, new_password } = request.body;
        await auth.changePassword(
          currentUser(request),
          current_password,
          new_password,
          request.sessionToken!,
          request.ip,
        );
        return reply.status(204).send();
      },
    );

    app.post('/logout', async (request, reply) => {
      await auth.sessions.revoke(request.sessionToken!);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.status(204).send();
    });

    app.get(
      '/status',
      { config: { access: 'public' }, schema: { response: { 200: StatusResponse } } },
      async (request) =>
        request.user
          ? { authenticated: true, user: toUser(request.user) }
          : { authenticated: false },
    );

    app.post(
      '/reset-password',
      {
        config: { access: 'public' },
        schema: { body: ResetRequest, response: { 200: MessageResponse } },
      },
      async (request) => {
        auth.requestReset(request.body.email, request.ip);
        return { message: RESET_REQUESTED_MESSAGE };
      },
    );

    app.post(
      '/reset-password/confirm',
      {
        config: { access: 'public' },
        schema: { body: ResetConfirmRequest, response: { 200: MessageResponse } },
      },
      async (request) => {
        await auth.confirmReset(request.body.token, request.body.new_password);
        return { message: RESET_DONE_MESSAGE };
      },
    );
  };
}
