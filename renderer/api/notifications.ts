import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NotificationList, NotificationSettingsResponse, NotificationSettingsSaved, UnreadNotifications, type MarkNotificationsRead, type NotificationSettingsRequest } from "../../contract/index.js";
import { getJson, postJson, putJson } from "./client.js";

/** The web app's notification settings url (the Manage Notifications modal takes any url answering the same calls). */
export const NOTIFICATION_SETTINGS_URL = "notification-settings";

/** How often the header looks for new notifications while a page is open. */
const UNREAD_POLL_MS = 60_000;

const notificationKeys = {
  all: ["notifications"] as const,
  page: (page: number) => ["notifications", "page", page] as const,
  unread: ["notifications", "unread"] as const,
};

/** One page of the signed-in profile's notifications (GET /api/notifications), newest first. */
export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () => getJson(`api/notifications?page=${page}`, NotificationList),
    placeholderData: keepPreviousData,
    // The page shows its own error with Try again.
    meta: { silent: true },
  });
}

/** The header's unread count, read again every minute; a failure leaves the last count (the header says nothing of it). */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => getJson("api/notifications/unread", UnreadNotifications),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS,
    meta: { silent: true },
  });
}

/** Marks notifications read (some by id, or all); the list and the header's count are read again. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsRead) => postJson("api/notifications/read", body, UnreadNotifications),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationKeys.unread, answer);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** The settings and the asker's choices, from the modal's url. */
export function useNotificationSettings(url: string) {
  return useQuery({ queryKey: ["notification-settings", url], queryFn: () => getJson(url, NotificationSettingsResponse), meta: { silent: true }, staleTime: 0 });
}

/** Saves the asker's choices at the modal's url. */
export function saveNotificationSettings(url: string, body: NotificationSettingsRequest): Promise<NotificationSettingsSaved> {
  return putJson(url, body, NotificationSettingsSaved);
}
