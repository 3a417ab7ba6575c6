import { ATTACHMENT_MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { HttpError } from "../lib/errors.js";
import { attachUploads, attachmentsOfComments, attachmentsOfFeedPosts } from "../models/attachments.js";
import { commentIdsOfFeedPost, deleteFeedPost, insertFeedPost } from "../models/feeds.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { removeAttachments } from "./attachments.js";

/**
 * Posts to an item's feed with the poster's pending uploads attached, in one transaction: if any attachment is not
 * the poster's, already posted or gone, nothing is posted (422). Returns the new post's id.
 */
export function postToFeed(db: Db, post: { contentId: number; posterId: number; content: string; attachmentIds: number[] }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertFeedPost(trx, post);
    const attached = await attachUploads(trx, post.attachmentIds, post.posterId, { feed_post_id: id });
    if (attached !== post.attachmentIds.length) throw new HttpError(422, ATTACHMENT_MESSAGES.notYours, { attachments: [ATTACHMENT_MESSAGES.notYours] });
    return id;
  });
}

/**
 * Deletes a post for good (reactions, reports and its comments, with theirs, go with its row by the foreign keys) and
 * the files attached to it and to its comments.
 */
export async function deleteFeedPostWithFiles(db: Db, storage: FileStorage, postId: number): Promise<void> {
  const commentFiles = [...(await attachmentsOfComments(db, await commentIdsOfFeedPost(db, postId))).values()].flat();
  const files = [...((await attachmentsOfFeedPosts(db, [postId])).get(postId) ?? []), ...commentFiles];
  await removeAttachments(db, storage, files);
  await deleteFeedPost(db, postId);
}
