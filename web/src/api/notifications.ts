import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeChannelRequest,
  CreateChannelRequest,
  NotificationChannel,
  NotificationChannelsResponse,
} from '@capshelf/contract';
import { apiRequest } from './client';

const channelKeys = { all: ['notification-channels'] as const };

/** The account's notification channels, each with its last delivery (refreshed while some wait). */
export function useNotificationChannels() {
  return useQuery({
    queryKey: channelKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<NotificationChannelsResponse>('/notifications/channels', { signal }),
    refetchInterval: (query) =>
      query.state.data?.channels.some((c) => c.pending > 0) ? 5000 : false,
  });
}

/** Every change answers the channel; the list is read again after it. */
function useChannelChange<T>(send: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export const useAddNotificationChannel = () =>
  useChannelChange((body: CreateChannelRequest) =>
    apiRequest<NotificationChannel>('/notifications/channels', { method: 'POST', body }),
  );

export const useChangeNotificationChannel = () =>
  useChannelChange(({ id, ...body }: ChangeChannelRequest & { id: number }) =>
    apiRequest<NotificationChannel>(`/notifications/channels/${id}`, { method: 'PATCH', body }),
  );

export const useTestNotificationChannel = () =>
  useChannelChange((id: number) =>
    apiRequest<NotificationChannel>(`/notifications/channels/${id}/test`, { method: 'POST' }),
  );

export const useDeleteNotificationChannel = () =>
  useChannelChange((id: number) =>
    apiRequest<void>(`/notifications/channels/${id}`, { method: 'DELETE' }),
  );
