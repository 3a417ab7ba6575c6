import { IMPORT_FIELDS, importFailureRetryable, importStatusLabel, type BulkImport, type ImportSummary, type UserMappings } from "../../contract/index.js";
import type { BulkImportRecord } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import { importState } from "../models/bulkImports.js";
import { bulkImportPolicy } from "../policies/index.js";

/** The import's API address (the spec's {link}). */
export const importLink = (record: Pick<BulkImportRecord, "uid">): string => `/api/bulk-importer/imports/${record.uid}`;

/** The import's page in the web app. */
export const importPageLink = (record: Pick<BulkImportRecord, "uid">): string => `/bulk-import/${record.uid}`;

/** Values that still need the user's choice (ambiguous without a pick, missing without a mapping). */
export function unresolvedValues(summary: ImportSummary, mappings: UserMappings): number {
  let count = 0;
  for (const [field, input] of Object.entries(summary.required_input)) {
    const chosen = mappings[field];
    const picked = (map: Record<string, number[]> | undefined, value: string) => (map?.[value]?.length ?? 0) > 0;
    count += Object.keys(input.ambiguous).filter((v) => !picked(chosen?.ambiguous, v)).length;
    count += input.missing.filter((v) => !picked(chosen?.missing, v)).length;
  }
  return count;
}

/** An import as GET {link} answers it, with what the actor may do to it now. */
export function presentImport(record: BulkImportRecord, actor: Actor, ownerName: string | null): BulkImport {
  const { summary, mappings, settings, columns } = importState(record);
  const canEdit = bulkImportPolicy.canEdit(actor, record);
  const preprocessed = record.status === "preprocessed" && !record.error;
  const unresolved = unresolvedValues(summary, mappings);
  const importable = summary.total - summary.rows_with_errors - summary.already_imported;
  return {
    id: record.uid,
    link: importLink(record),
    page_link: importPageLink(record),
    model_type: record.model_type,
    status: record.status,
    status_label: importStatusLabel(record.status, unresolved, importable),
    file_name: record.file_name,
    created_at: record.created_at,
    updated_at: record.updated_at,
    progress: { done: record.rows_done, total: record.rows_total },
    import_results_summary: summary,
    fields: IMPORT_FIELDS.map((f) => ({ key: f.key, label: f.label, column: columns.find((c) => c.field === f.key)?.header ?? null })),
    user_mappings: mappings,
    import_settings: { owner: settings.owner, owner_name: ownerName },
    unresolved_values: unresolved,
    abilities: {
      edit: canEdit && preprocessed,
      start: canEdit && preprocessed && unresolved === 0 && importable > 0,
      upload_new_file: canEdit && (summary.rows_with_errors > 0 || !!record.error) && (record.status !== "processing" || !!record.error),
      retry: canEdit && !!record.error && importFailureRetryable(record.error),
    },
  };
}
