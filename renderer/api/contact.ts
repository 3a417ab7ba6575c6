import { useQuery } from "@tanstack/react-query";
import { ContactMessagesResponse, ContactMessageUpdateResponse, ContactResponse, type ContactMessageStatus, type ContactRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** POST /contact/send: the contact form's message, with the page it was sent from and an optional screenshot. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return postJson("contact/send", body, ContactResponse);
}

/** The key under which every page of contact messages is cached (refetched once one is marked). */
export const contactMessagesQueryKeyAll = ["contact-messages"] as const;

/** GET /contact/messages: one page of what was sent with the contact form with one status, newest first, for administrators and moderators. */
export function useContactMessages(status: ContactMessageStatus, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...contactMessagesQueryKeyAll, status, page],
    queryFn: () => getJson(`contact/messages?status=${status}&page=${page}`, ContactMessagesResponse),
    enabled,
    // The page says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
    // The last page shown stays while the next one loads, but only within one status: the Open list must not stand in for the Handled one.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === status ? previous : undefined),
  });
}

/** POST /contact/messages/{id}: marks a message handled, or open again. */
export function setContactMessageStatus(id: number, status: ContactMessageStatus): Promise<ContactMessageUpdateResponse> {
  return postJson(`contact/messages/${id}`, { status }, ContactMessageUpdateResponse);
}
