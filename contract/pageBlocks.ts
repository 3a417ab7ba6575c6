import { z } from "zod";
import { MAX_ID } from "./common.js";

/**
 * Content blocks and the View All modal (second document): POST /pages/block/{name} answers a block's items a page at
 * a time, as the first document's POST /search does (`arrObjResponse: { data, total }`), narrowed by the block's
 * filters and by its settings (profile_id or group_id: the items that profile or group owns). The search's own rules
 * (its filter names, page limits, term length, permissions) apply to every block.
 */
export const PAGE_BLOCK_NAMES = ["content"] as const;

/** The View All modal: 12 items a page, Previous and Next; past 2 pages its search goes on in the full search page. */
export const VIEW_ALL_PAGE_SIZE = 12;
export const VIEW_ALL_PAGE_LIMIT = 2;

export const PAGE_BLOCK_MESSAGES = {
  unknownBlock: "There is no such block.",
} as const;

const profileId = z.number({ error: "settings ids must be whole numbers." }).int("settings ids must be whole numbers.").positive("settings ids must be whole numbers.").max(MAX_ID);
const scalar = z.union([z.string().max(80), z.number()]);

export const PageBlockRequest = z.object({
  settings: z.object({ profile_id: profileId.optional(), group_id: profileId.optional() }, { error: "settings must be an object." }).default({}),
  /** The block's filters: each an object of the search's filter names (f[...]: _types, grades, owners...) to values. */
  block: z
    .array(z.record(z.string().max(40), z.array(scalar).max(50, "A block filter may list at most 50 values.")), { error: "block must be a list of filters." })
    .max(20, "A block may have at most 20 filters.")
    .default([]),
  page: scalar.optional(),
  per: scalar.optional(),
  st: z.string({ error: "st must be text." }).optional(),
  /** Answers are always JSON; accepted and changes nothing. */
  getJson: z.unknown().optional(),
});
export type PageBlockRequest = z.input<typeof PageBlockRequest>;
