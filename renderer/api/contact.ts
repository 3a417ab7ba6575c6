import { ContactResponse, type ContactRequest } from "../../contract/index.js";
import { postJson } from "./client.js";

/** POST /contact/send: the contact form's message, with the page it was sent from and an optional screenshot. */
export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return postJson("contact/send", body, ContactResponse);
}
