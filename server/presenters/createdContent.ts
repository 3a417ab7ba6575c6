import type { ResourceCreateResponse } from "../../contract/index.js";
import { RESOURCE_MESSAGES } from "../../contract/index.js";
import type { Content } from "../db/schema.js";
import { modelTypeInfo } from "./modelTypes.js";

/** The link of a content row, as search presents it (its editor lives at link + "/edit"). */
export const contentLink = (row: Pick<Content, "model_key" | "sub_type" | "uid">): string => `${modelTypeInfo(row.model_key, row.sub_type).path}/${row.uid}`;

/** The answer of POST /resources/create-fetch: the renderer reads response.link. */
export function presentCreatedResource(content: Content): ResourceCreateResponse {
  return { status: "success", message: RESOURCE_MESSAGES.created, response: { id: content.id, link: contentLink(content), title: content.title } };
}
