import type { ResourceCreateResponse } from "../../contract/index.js";
import { RESOURCE_MESSAGES } from "../../contract/index.js";
import type { Content } from "../db/schema.js";
import { itemLink } from "./editableItem.js";

/** The answer of POST /resources/create-fetch: the renderer reads response.link. */
export function presentCreatedResource(content: Content): ResourceCreateResponse {
  return { status: "success", message: RESOURCE_MESSAGES.created, response: { id: content.id, link: itemLink(content), title: content.title } };
}
