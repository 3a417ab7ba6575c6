import crypto from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "../db/connection.js";
import type { Database } from "../db/schema.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { claimTurn } from "./lease.js";

const HOUR_MS = 60 * 60 * 1000;
/** An image younger than this is kept whatever refers to it: its author may be mid-edit, the body not saved yet. */
export const EDITOR_IMAGE_GRACE_MS = 24 * HOUR_MS;
/** How often the sweep runs (once per period across all instances). */
export const EDITOR_IMAGE_SWEEP_EVERY_MS = 6 * HOUR_MS;
const SWEEP_JOB = "editor-image-sweep";

type TextColumn = { [T in keyof Database]: { table: T; column: keyof Database[T] & string } }[keyof Database];

/**
 * Every stored text an image address can sit in: the editor's bodies (sections of items, templates and curricula,
 * as HTML and as the editor's JSON) and any other text people write that is shown as HTML or could be pasted into
 * (descriptions, comments and their history, feed posts, announcements, interceptors, news, guided tours, profiles'
 * about). Listing one too many only keeps an image; missing one would delete an image still shown.
 */
const IMAGE_REFERRERS: TextColumn[] = [
  { table: "content", column: "description" },
  { table: "content_sections", column: "body_html" },
  { table: "content_sections", column: "body_json" },
  { table: "curriculum_templates", column: "description" },
  { table: "curriculum_template_sections", column: "html" },
  { table: "curriculum_sections", column: "html" },
  { table: "section_comments", column: "content" },
  { table: "comments", column: "content" },
  { table: "comment_history", column: "new_values" },
  { table: "feed_posts", column: "content" },
  { table: "announcements", column: "content" },
  { table: "interceptors", column: "content" },
  { table: "news_items", column: "description" },
  { table: "guided_tours", column: "configuration" },
  { table: "profiles", column: "description" },
  { table: "badges", column: "description" },
  { table: "attribute_items", column: "description" },
];

/** An editor image's address in a body (relative or absolute, in HTML or JSON): /files/images/{key}.{ext}. */
const IMAGE_ADDRESS = /\/files\/images\/([A-Za-z0-9_-]{16,64})\./g;

/** The keys of the editor images some stored text refers to: one pass over each referring column, only its rows that name an image. */
export async function referencedEditorImageKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { table, column } of IMAGE_REFERRERS) {
    const rows = await sql<{ body: string | null }>`select ${sql.ref(column)} as body from ${sql.table(table)} where ${sql.ref(column)} like ${"%/files/images/%"}`.execute(db);
    for (const { body } of rows.rows) for (const match of (body ?? "").matchAll(IMAGE_ADDRESS)) keys.add(match[1]!);
  }
  return keys;
}

/**
 * Deletes the editor images (row, then stored file) older than the grace period that no stored text refers to; returns
 * their keys. The row goes first, so an address is never served without its bytes; a file whose deletion fails is only
 * bytes nobody can reach.
 */
export async function sweepEditorImages(db: Db, storage: FileStorage, now = Date.now()): Promise<string[]> {
  const cutoff = new Date(now - EDITOR_IMAGE_GRACE_MS).toISOString();
  const old = await db.selectFrom("editor_images").select("storage_key").where("created_at", "<", cutoff).execute();
  if (old.length === 0) return [];
  const referenced = await referencedEditorImageKeys(db);
  const orphans = old.map((r) => r.storage_key).filter((key) => !referenced.has(key));
  for (let i = 0; i < orphans.length; i += 500) {
    await db.deleteFrom("editor_images").where("storage_key", "in", orphans.slice(i, i + 500)).where("created_at", "<", cutoff).execute();
  }
  for (const key of orphans) await storage.delete(key);
  return orphans;
}

/**
 * Runs the sweep at start and then every period, on one instance per period: each instance asks for the turn
 * (`claimTurn`) and only the one that gets it sweeps. Returns a stop function that waits for a sweep in progress.
 */
export function startEditorImageSweeper(db: Db, storage: FileStorage, logger: Logger, everyMs = EDITOR_IMAGE_SWEEP_EVERY_MS): () => Promise<void> {
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      if (!(await claimTurn(db, SWEEP_JOB, owner, everyMs))) return;
      const deleted = await sweepEditorImages(db, storage);
      if (deleted.length > 0) logger.info({ deleted: deleted.length }, "unused editor images deleted");
    })()
      .catch((err: unknown) => logger.warn({ err }, "editor image sweep failed"))
      .finally(() => (running = null));
  };
  run();
  // Asked more often than the period, so a turn that a stopped instance held is taken up soon after it lapses.
  const timer = setInterval(run, Math.max(1000, Math.floor(everyMs / 4)));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
