import { createContext, useContext } from "react";
import type { DiscussionContextName } from "../../../contract/index.js";

/** What every part of one item's Discuss card (or a group's discussion modal) shares: the item, the live announcer and a place to put focus. */
export interface DiscussionContextValue {
  /** The item's opaque_id: every discussion call names the item by it. */
  opaqueId: string;
  /** Which discussion of the item: its Discuss card (null) or a group's discussions ("group"); every call sends it. */
  context: DiscussionContextName;
  /** Whether the actor may post and reply (summary transient.can_comment). */
  canComment: boolean;
  /** Whether the actor may react to comments (transient.can_react); otherwise the reactions are counts only. */
  canReact: boolean;
  /** Whether the actor may subscribe to comments (transient.can_subscribe). */
  canSubscribe: boolean;
  /** Says `message` in the card's polite live region (a comment posted, deleted, a reaction saved…). */
  announce(message: string): void;
  /** What the discussion is about (the item's or the group discussion's title): a new Zoom meeting's topic starts from it. */
  subjectTitle?: string;
  /** Puts focus on the card's heading, for when the control that had it leaves the page (a deleted comment). */
  focusCard(): void;
}

export const DiscussionContext = createContext<DiscussionContextValue | null>(null);

/** The discussion's shared state; only inside DiscussCard or a group's discussion modal. */
export function useDiscussion(): DiscussionContextValue {
  const value = useContext(DiscussionContext);
  if (!value) throw new Error("useDiscussion needs a DiscussionContext provider around it");
  return value;
}
