import {
  ChangeChannelRequest,
  ChannelIdParams,
  CreateChannelRequest,
  DeleteChannelResponse,
  NotificationChannel,
  NotificationChannelsResponse,
} from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { NotificationsService } from './service';

/** The caller's own notification channels: thin handlers over the service. A new one answers 201. */
export function notificationRoutes({
  notifications,
}: {
  notifications: NotificationsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/channels',
      { schema: { response: { 200: NotificationChannelsResponse } } },
      async (request) => notifications.list(currentUser(request).id),
    );

    app.post(
      '/channels',
      { schema: { body: CreateChannelRequest, response: { 201: NotificationChannel } } },
      async (request, reply) =>
        reply.status(201).send(await notifications.create(currentUser(request).id, request.body)),
    );

    app.patch(
      '/channels/:id',
      {
        schema: {
          params: ChannelIdParams,
          body: ChangeChannelRequest,
          response: { 200: NotificationChannel },
        },
      },
      async (request) =>
        notifications.setEvents(currentUser(request).id, request.params.id, request.body.events),
    );

    app.delete(
      '/channels/:id',
      { schema: { params: ChannelIdParams, response: { 200: DeleteChannelResponse } } },
      async (request) => {
        await notifications.remove(currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/channels/:id/test',
      { schema: { params: ChannelIdParams, response: { 200: NotificationChannel } } },
      async (request) => notifications.test(currentUser(request).id, request.params.id),
    );
  };
}
