import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./connection.js";
import * as m001 from "./migrations/001_initial.js";
import * as m002 from "./migrations/002_content_changes.js";
import * as m003 from "./migrations/003_rate_limits.js";
import * as m004 from "./migrations/004_identities.js";
import * as m005 from "./migrations/005_group_request_join.js";
import * as m006 from "./migrations/006_bulk_imports.js";
import * as m007 from "./migrations/007_authoring.js";
import * as m009 from "./migrations/009_resources_and_templates.js";
import * as m010 from "./migrations/010_copies_and_flags.js";
import * as m011 from "./migrations/011_thumbnails.js";
import * as m012 from "./migrations/012_collection_items.js";
import * as m013 from "./migrations/013_permission_requests.js";
import * as m014 from "./migrations/014_recommendations.js";
import * as m015 from "./migrations/015_discussions.js";
import * as m016 from "./migrations/016_contact_messages.js";
import * as m017 from "./migrations/017_comment_flags.js";
import * as m018 from "./migrations/018_announcements.js";
import * as m019 from "./migrations/019_endorsements.js";
import * as m020 from "./migrations/020_badges.js";
import * as m021 from "./migrations/021_feeds.js";
import * as m022 from "./migrations/022_guided_tours.js";
import * as m023 from "./migrations/023_news_items.js";
import * as m024 from "./migrations/024_report_reviews.js";
import * as m025 from "./migrations/025_group_discussions.js";
import * as m026 from "./migrations/026_interceptors.js";
import * as m027 from "./migrations/027_attachments.js";
import * as m028 from "./migrations/028_section_comments.js";
import * as m029 from "./migrations/029_institutions.js";
import * as m030 from "./migrations/030_removed_section_threads.js";
import * as m031 from "./migrations/031_notifications.js";
import * as m032 from "./migrations/032_mail.js";
import * as m035 from "./migrations/035_editor_images.js";
import * as m036 from "./migrations/036_account_email.js";
import * as m037 from "./migrations/037_products.js";
import * as m038 from "./migrations/038_job_leases.js";
import * as m039 from "./migrations/039_zoom.js";
import * as m041 from "./migrations/041_one_open_report.js";
import * as m045 from "./migrations/045_group_page_visibility.js";
import * as m046 from "./migrations/046_group_join_requests.js";
import * as m050 from "./migrations/050_announcement_meetings.js";
import * as m052 from "./migrations/052_announcement_callouts.js";
import * as m053 from "./migrations/053_notification_subjects.js";
import * as m056 from "./migrations/056_one_curriculum_introduction.js";
import * as m058 from "./migrations/058_collection_item_positions.js";
import * as m059 from "./migrations/059_feed_post_comments.js";
import * as m060 from "./migrations/060_attribute_write_ins.js";
import * as m061 from "./migrations/061_former_item_uids.js";
import * as m062 from "./migrations/062_notification_actors.js";
import * as m063 from "./migrations/063_curriculum_standards.js";
import * as m065 from "./migrations/065_review_outcomes.js";

/** Every migration, in order. Listed statically so the server runs the same in any bundle. */
const MIGRATIONS: Record<string, Migration> = {
  "001_initial": m001,
  "002_content_changes": m002,
  "003_rate_limits": m003,
  "004_identities": m004,
  "005_group_request_join": m005,
  "006_bulk_imports": m006,
  "007_authoring": m007,
  "009_resources_and_templates": m009,
  "010_copies_and_flags": m010,
  "011_thumbnails": m011,
  "012_collection_items": m012,
  "013_permission_requests": m013,
  "014_recommendations": m014,
  "015_discussions": m015,
  "016_contact_messages": m016,
  "017_comment_flags": m017,
  "018_announcements": m018,
  "019_endorsements": m019,
  "020_badges": m020,
  "021_feeds": m021,
  "022_guided_tours": m022,
  "023_news_items": m023,
  "024_report_reviews": m024,
  "025_group_discussions": m025,
  "026_interceptors": m026,
  "027_attachments": m027,
  "028_section_comments": m028,
  "029_institutions": m029,
  "030_removed_section_threads": m030,
  "031_notifications": m031,
  "032_mail": m032,
  "035_editor_images": m035,
  "036_account_email": m036,
  "037_products": m037,
  "038_job_leases": m038,
  "039_zoom": m039,
  "041_one_open_report": m041,
  "045_group_page_visibility": m045,
  "046_group_join_requests": m046,
  "050_announcement_meetings": m050,
  "052_announcement_callouts": m052,
  "053_notification_subjects": m053,
  "056_one_curriculum_introduction": m056,
  "058_collection_item_positions": m058,
  "059_feed_post_comments": m059,
  "060_attribute_write_ins": m060,
  "061_former_item_uids": m061,
  "062_notification_actors": m062,
  "063_curriculum_standards": m063,
  "065_review_outcomes": m065,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error;
}

/** Rolls every migration back (used by the migration test). */
export async function migrateDownAll(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error;
    if (!results?.length) return;
  }
}
