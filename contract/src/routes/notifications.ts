import {
  ChangeChannelRequest,
  ChannelIdParams,
  CreateChannelRequest,
  DeleteChannelResponse,
  NotificationChannel,
  NotificationChannelsResponse,
} from '../notifications';
import { route } from '../route';

/** The caller's own notification channels; a new one answers 201. */
export const notificationRoutes = {
  list: route({
    method: 'GET',
    path: '/api/notifications/channels',
    responses: { 200: NotificationChannelsResponse },
  }),
  create: route({
    method: 'POST',
    path: '/api/notifications/channels',
    body: CreateChannelRequest,
    responses: { 201: NotificationChannel },
  }),
  setEvents: route({
    method: 'PATCH',
    path: '/api/notifications/channels/:id',
    params: ChannelIdParams,
    body: ChangeChannelRequest,
    responses: { 200: NotificationChannel },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/notifications/channels/:id',
    params: ChannelIdParams,
    responses: { 200: DeleteChannelResponse },
  }),
  test: route({
    method: 'POST',
    path: '/api/notifications/channels/:id/test',
    params: ChannelIdParams,
    responses: { 200: NotificationChannel },
  }),
};
