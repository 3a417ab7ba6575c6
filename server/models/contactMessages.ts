import type { Db } from "../db/connection.js";
import type { ContactMessagesTable } from "../db/schema.js";
import type { Insertable } from "kysely";

/** Stores a message sent with the contact form; its id. */
export async function insertContactMessage(db: Db, message: Omit<Insertable<ContactMessagesTable>, "id" | "created_at">): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({ ...message, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A page of messages, newest first, with the sender's profile name (screenshots left out: each may be hundreds of KB). */
export async function listContactMessages(db: Db, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .leftJoin("profiles", "profiles.id", "contact_messages.profile_id")
      .select(["contact_messages.id", "contact_messages.name", "contact_messages.email", "contact_messages.message", "contact_messages.page", "contact_messages.created_at", "contact_messages.profile_id", "profiles.name as profile_name"])
      .select((eb) => eb("contact_messages.screenshot", "is not", null).as("has_screenshot"))
      .orderBy("contact_messages.id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One message's screenshot (a JPEG data URL), null when it has none, undefined when there is no such message. */
export async function findContactScreenshot(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("contact_messages").select("screenshot").where("id", "=", id).executeTakeFirst();
  return row?.screenshot;
}
