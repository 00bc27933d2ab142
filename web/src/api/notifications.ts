import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ChangeChannelRequest, type CreateChannelRequest } from '@capshelf/contract';
import { call } from './client';

const channelKeys = { all: ['notification-channels'] as const };

/** The account's notification channels, each with its last delivery (refreshed while some wait). */
export function useNotificationChannels() {
  return useQuery({
    queryKey: channelKeys.all,
    queryFn: ({ signal }) => call(api.notifications.list, {}, { signal }),
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
  useChannelChange((body: CreateChannelRequest) => call(api.notifications.create, { body }));

export const useChangeNotificationChannel = () =>
  useChannelChange(({ id, ...body }: ChangeChannelRequest & { id: number }) =>
    call(api.notifications.setEvents, { params: { id }, body }),
  );

export const useTestNotificationChannel = () =>
  useChannelChange((id: number) => call(api.notifications.test, { params: { id } }));

export const useDeleteNotificationChannel = () =>
  useChannelChange((id: number) => call(api.notifications.remove, { params: { id } }));
