import { z } from "zod";
import { MODEL_KEYS } from "./common.js";

const typeKey = new RegExp(`^(${MODEL_KEYS.join("|")}):([1-9][0-9]{0,15})$`);

/**
 * POST /profile/favorite: modelName, type ("model:id"), value (the wanted state; omitted toggles).
 * modelName may be left out (type names the model); sent, it must be one of the model keys, spelt as they are (lower case),
 * and the one type names: an unknown or differently cased name was accepted and ignored, so a client's mistake went unseen.
 */
export const FavoriteRequest = z
  .object({
    modelName: z.enum(MODEL_KEYS, { error: `modelName must be one of: ${MODEL_KEYS.join(", ")}.` }).optional(),
    type: z.string().regex(typeKey, 'type must look like "resource:12".'),
    value: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])], { error: "value must be true or false (or 1 or 0)." })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === "1" || v === "true")),
  })
  .superRefine((body, ctx) => {
    const model = typeKey.exec(body.type)?.[1];
    if (body.modelName !== undefined && model !== undefined && body.modelName !== model)
      ctx.addIssue({ code: "custom", path: ["modelName"], message: FAVORITE_MESSAGES.modelMismatch(model) });
  });
export type FavoriteRequest = z.input<typeof FavoriteRequest>;

/** The final value after the toggle. */
export const FavoriteResponse = z.object({ value: z.boolean() });
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;

/** Splits "resource:12" into its model key and id. */
export function parseTypeKey(type: string): { modelKey: string; id: number } {
  const m = typeKey.exec(type);
  if (!m) throw new Error(`bad type key ${type}`);
  return { modelKey: m[1]!, id: Number(m[2]) };
}

/** POST /profile/favorite's refusal for a type whose cards offer no favorite (users, attribute items). */
export const FAVORITE_MESSAGES = {
  notFavoritable: "Items of this type cannot be favorited.",
  /** modelName names another model than type does. */
  modelMismatch: (model: string) => `modelName must be the model type names (${model}).`,
} as const;
