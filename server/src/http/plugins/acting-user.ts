import type { FastifyInstance } from 'fastify';
import { enterUserRequest } from '../../upstream';

/**
 * After authentication, the rest of a signed-in user's request acts for them: the paced upstream
 * client gives each user a turn of their own (upstream/actor.ts). A callback hook, so the store is
 * entered in the very context that goes on to the handler.
 */
export function registerActingUser(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.user) enterUserRequest(request.user.id);
    done();
  });
}
