import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { NotificationsService } from './service';

const routes = api.notifications;

/** The caller's own notification channels: thin handlers over the service. A new one answers 201. */
export function notificationRoutes({
  notifications,
}: {
  notifications: NotificationsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.list, async (request) => notifications.list(currentUser(request).id));

    serve(app, routes.create, async (request, reply) =>
      reply.status(201).send(await notifications.create(currentUser(request).id, request.body)),
    );

    serve(app, routes.setEvents, async (request) =>
      notifications.setEvents(currentUser(request).id, request.params.id, request.body.events),
    );

    serve(app, routes.remove, async (request) => {
      await notifications.remove(currentUser(request).id, request.params.id);
      return { success: true as const };
    });

    serve(app, routes.test, async (request) =>
      notifications.test(currentUser(request).id, request.params.id),
    );
  };
}
