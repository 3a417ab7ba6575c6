import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ContactMessagesResponse, ContactResponse, type ContactRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** POST /contact/send: the contact form's message, with the page it was sent from and an optional screenshot. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return postJson("contact/send", body, ContactResponse);
}

/** GET /contact/messages: one page of what was sent with the contact form, newest first, for administrators and moderators. */
export function useContactMessages(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ["contact-messages", page],
    queryFn: () => getJson(`contact/messages?page=${page}`, ContactMessagesResponse),
    enabled,
    // The page says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
    placeholderData: keepPreviousData,
  });
}
