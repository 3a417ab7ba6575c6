import { z } from "zod";
import { positiveId } from "./common.js";

/** Message texts of awarding badges (ours: the spec says only that the server's message is shown). */
export const BADGE_MESSAGES = {
  forbidden: "Only a moderator or an administrator may award badges.",
  saved: "Badges have been saved.",
  notFound: "A chosen badge was not found.",
  listRequired: "badges must be a list of badge ids.",
  tooMany: "Choose at most 100 badges.",
  notBadgeable: "Badges are awarded to content items, not to profiles, groups or attribute items.",
} as const;

/** One badge: what it is called and means; created_at is when it was awarded (null in the list of all badges). */
export const Badge = z.object({ id: z.number(), name: z.string(), description: z.string(), icon: z.string(), created_at: z.string().nullable() });
export type Badge = z.infer<typeof Badge>;

/** GET /system/badges/{uid}: the item's badges (profileBadges, as awarded) and every badge there is (allBadges). */
export const BadgesResponse = z.object({ profileBadges: z.array(Badge), allBadges: z.array(Badge) });
export type BadgesResponse = z.infer<typeof BadgesResponse>;

const badgeIds = z.array(positiveId(BADGE_MESSAGES.notFound), { error: BADGE_MESSAGES.listRequired }).max(100, BADGE_MESSAGES.tooMany);

/** POST /system/badges/{uid}: the list of badge ids the item holds from now on, as a bare list or under `badges`. */
export const BadgesSaveRequest = z.preprocess((body) => (Array.isArray(body) ? { badges: body } : body), z.object({ badges: badgeIds }, { error: BADGE_MESSAGES.listRequired }));
export type BadgesSaveRequest = { badges: number[] };
