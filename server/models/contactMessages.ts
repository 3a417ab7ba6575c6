import type { Db } from "../db/connection.js";
import type { ContactMessagesTable } from "../db/schema.js";
import type { Insertable } from "kysely";
import type { ContactMessageStatus } from "../../contract/index.js";

/** Stores a message sent with the contact form; its id. */
export async function insertContactMessage(db: Db, message: Omit<Insertable<ContactMessagesTable>, "id" | "created_at" | "handled_by" | "handled_at">): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({ ...message, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The columns the staff's list shows of a message, with the sender's and the handler's profile names (screenshots left out: each may be hundreds of KB). */
function messagesWithPeople(db: Db) {
  return db
    .selectFrom("contact_messages")
    .leftJoin("profiles", "profiles.id", "contact_messages.profile_id")
    .leftJoin("profiles as handler", "handler.id", "contact_messages.handled_by")
    .select(["contact_messages.id", "contact_messages.name", "contact_messages.email", "contact_messages.message", "contact_messages.page", "contact_messages.created_at", "contact_messages.profile_id", "profiles.name as profile_name"])
    .select(["contact_messages.handled_at", "contact_messages.handled_by", "handler.name as handler_name"])
    .select((eb) => eb("contact_messages.screenshot", "is not", null).as("has_screenshot"));
}

export type ContactMessageRow = Awaited<ReturnType<ReturnType<typeof messagesWithPeople>["executeTakeFirstOrThrow"]>>;

/** A page of the messages with a status (open: not handled yet), newest first, and how many there are. */
export async function listContactMessages(db: Db, status: ContactMessageStatus, offset: number, limit: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const handledIs = status === "open" ? "is" : "is not";
  const [rows, count] = await Promise.all([
    messagesWithPeople(db).where("contact_messages.handled_at", handledIs, null).orderBy("contact_messages.id", "desc").limit(limit).offset(offset).execute(),
    db
      .selectFrom("contact_messages")
      .where("handled_at", handledIs, null)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One message as the list shows it, or undefined when there is none with that id. */
export function findContactMessage(db: Db, id: number): Promise<ContactMessageRow | undefined> {
  return messagesWithPeople(db).where("contact_messages.id", "=", id).executeTakeFirst();
}

/**
 * Marks a message handled by `profileId` now, or open again. A message that already has that status is left as it is,
 * so a second person marking it handled at the same time does not take the first one's name off it.
 */
export async function setContactMessageStatus(db: Db, id: number, status: ContactMessageStatus, profileId: number): Promise<void> {
  const update = db.updateTable("contact_messages").where("id", "=", id);
  if (status === "handled") await update.set({ handled_by: profileId, handled_at: new Date().toISOString() }).where("handled_at", "is", null).execute();
  else await update.set({ handled_by: null, handled_at: null }).where("handled_at", "is not", null).execute();
}

/** One message's screenshot (a JPEG data URL), null when it has none, undefined when there is no such message. */
export async function findContactScreenshot(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("contact_messages").select("screenshot").where("id", "=", id).executeTakeFirst();
  return row?.screenshot;
}
