import { api, RESET_REQUESTED_MESSAGE } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { serve } from '../routing';
import { currentUser, SESSION_COOKIE, SESSION_COOKIE_PATH } from './request-user';
import { RESET_DONE_MESSAGE, type AuthService } from './service';
import { toUser } from './users';

const routes = api.auth;
const open = { config: { access: 'public' as const } };

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
    serve(app, routes.login, open, async (request, reply) => {
      const { email, password } = request.body;
      const { token, user } = await auth.login(email, password, request.ip);
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions,
        maxAge: Math.floor(settings.sessionTtlMs / 1000),
      });
      return { access_token: token, token_type: 'bearer' as const, user };
    });

    serve(app, routes.me, async (request) => toUser(currentUser(request)));

    serve(app, routes.updateProfile, async (request) =>
      auth.updateProfile(currentUser(request), request.body, request.ip),
    );

    serve(app, routes.changePassword, async (request, reply) => {
      const { current_password, new_password } = request.body;
      await auth.changePassword(
        currentUser(request),
        current_password,
        new_password,
        request.sessionToken!,
        request.ip,
      );
      return reply.status(204).send();
    });

    serve(app, routes.logout, async (request, reply) => {
      await auth.sessions.revoke(request.sessionToken!);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.status(204).send();
    });

    serve(app, routes.status, open, async (request) =>
      request.user ? { authenticated: true, user: toUser(request.user) } : { authenticated: false },
    );

    serve(app, routes.requestReset, open, async (request) => {
      auth.requestReset(request.body.email, request.ip);
      return { message: RESET_REQUESTED_MESSAGE };
    });

    serve(app, routes.confirmReset, open, async (request) => {
      await auth.confirmReset(request.body.token, request.body.new_password);
      return { message: RESET_DONE_MESSAGE };
    });
  };
}
