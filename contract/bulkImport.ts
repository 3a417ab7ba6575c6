import { z } from "zod";
import { MAX_ID, emptyAsUnset, emptyOrDigits } from "./common.js";
import { parseKeywords, resourceFieldErrors, type ResourceFieldError } from "./resource.js";

/**
 * Bulk import of resources from spreadsheets: statuses, the column-to-field mapping, the row
 * rules (the single-resource form's rules from resource.ts) and the shapes of the calls.
 * Shared by the server's preprocessing and the desktop's local preview, so both report the same errors.
 */
export const BULK_IMPORT_MESSAGES = {
  fileRequired: "Please choose a file to import.",
  fileType: "The import file must be a .csv, .xls or .xlsx file.",
  fileTooLarge: "The import file is too large.",
  notEditable: "This import can only be changed while it is waiting for your input.",
  notStartable: "This import cannot be started while rows still have errors or need your input.",
  noNewFile: "A new file can only be uploaded while rows have errors.",
  notRetryable: "Only an import that failed can be retried.",
  retryNeedsNewFile: "This import failed on its file: reading it again would fail the same way. Upload a corrected file instead.",
  noTitleColumn: "The file has no title column. Download the sample file to see the expected columns.",
  emptyFile: "The file has no rows to import.",
  tooManyRows: "The file has more rows than an import may hold.",
  tooLarge: "The spreadsheet expands to more data than an import may hold.",
  timedOut: "Reading the file took too long.",
  unreadable: "The file could not be read as a spreadsheet.",
  interrupted: "The import stopped unexpectedly.",
  unknownOwner: "The chosen content owner does not exist.",
  unknownModelType: "This content type cannot be imported.",
  notFound: "The import was not found.",
  ambiguous: "This value matches several items: choose one.",
  missing: "No item matches this value: choose one.",
  unknownAttribute: "Choose items from the list.",
} as const;

/**
 * Failures of the file itself (no rows, no title column, too many rows, too large, unreadable): reading the same file
 * again fails the same way, so such an import offers a new file, not Retry. Other failures (reading took too long,
 * the import stopped unexpectedly) may pass on another try.
 */
const FILE_FAILURES: ReadonlySet<string> = new Set([BULK_IMPORT_MESSAGES.noTitleColumn, BULK_IMPORT_MESSAGES.emptyFile, BULK_IMPORT_MESSAGES.tooManyRows, BULK_IMPORT_MESSAGES.tooLarge, BULK_IMPORT_MESSAGES.unreadable]);

/** Whether an import that failed with this message may pass when retried (the message is what the import stores). */
export const importFailureRetryable = (error: string): boolean => !FILE_FAILURES.has(error);

export const IMPORT_STATUSES = ["created", "processing", "preprocessed", "completed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  created: "Waiting to be read",
  processing: "Processing",
  preprocessed: "Waiting for your input",
  completed: "Completed",
};
/** A read import with no value left to choose: it can be started, or (no row importable) has nothing to start. */
export const IMPORT_READY_LABEL = "Ready to start";
export const IMPORT_NOTHING_LABEL = "Nothing to import";

/** The status line of an import: a read one waits for the user only while a value still needs a choice. */
export function importStatusLabel(status: ImportStatus, unresolved: number, importable: number): string {
  if (status !== "preprocessed" || unresolved > 0) return IMPORT_STATUS_LABELS[status];
  return importable > 0 ? IMPORT_READY_LABEL : IMPORT_NOTHING_LABEL;
}

/** The files an import accepts (the dialog's accept list and the server's check). */
export const IMPORT_FILE_EXTENSIONS = ["csv", "xls", "xlsx"] as const;
/** Columns read per row: the server's reader and the local preview both ignore the ones after these. */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_POLL_MS = 5000;
export const IMPORT_SAVE_DEBOUNCE_MS = 2000;
export const IMPORTED_ITEMS_PAGE_SIZE = 16;

export type ImportFieldKind = "text" | "url" | "keywords" | "authors" | "attribute";

export interface ImportField {
  key: string;
  label: string;
  kind: ImportFieldKind;
  /** Header names (lowercased, spaces and punctuation removed) that map to this field. */
  aliases: string[];
  /** For attribute fields: the attribute type key whose tree the values resolve against. */
  attributeType?: string;
  /** Attribute types chosen by radio take one value per row. */
  single?: boolean;
}

/** The columns an import understands, in sample-file order. */
export const IMPORT_FIELDS: ImportField[] = [
  { key: "title", label: "Title", kind: "text", aliases: ["title", "name", "resourcetitle"] },
  { key: "description", label: "Description", kind: "text", aliases: ["description", "summary", "abstract"] },
  { key: "url", label: "URL", kind: "url", aliases: ["url", "link", "resourceurl", "website"] },
  { key: "keywords", label: "Keywords", kind: "keywords", aliases: ["keywords", "keyword", "tags"] },
  { key: "authors", label: "Authors", kind: "authors", aliases: ["authors", "author", "creators"] },
  { key: "grades", label: "Grades", kind: "attribute", attributeType: "grades", aliases: ["grades", "grade", "gradelevels"] },
  { key: "subjects", label: "Subjects", kind: "attribute", attributeType: "subjects", aliases: ["subjects", "subject"] },
  { key: "standards", label: "Standards", kind: "attribute", attributeType: "standards", aliases: ["standards", "standard"] },
  { key: "resource_category", label: "Resource Category", kind: "attribute", attributeType: "resource_categories", single: true, aliases: ["resourcecategory", "category", "resourcecategories"] },
  { key: "content_pricing", label: "Content Pricing", kind: "attribute", attributeType: "content_pricing", single: true, aliases: ["contentpricing", "pricing", "price"] },
  { key: "industries", label: "Industries", kind: "attribute", attributeType: "industries", aliases: ["industries", "industry"] },
  { key: "professional_roles", label: "Professional Roles", kind: "attribute", attributeType: "professional_roles", aliases: ["professionalroles", "professionalrole", "roles"] },
];

const FIELD_BY_KEY = new Map(IMPORT_FIELDS.map((f) => [f.key, f]));

/** The field definition of a key (undefined for unknown keys). */
export const importField = (key: string): ImportField | undefined => FIELD_BY_KEY.get(key);

const normalizeHeader = (header: string): string => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Maps a header row to field keys by column (null for columns the import ignores; the first column wins a field). */
export function mapColumns(headers: readonly unknown[]): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const normalized = normalizeHeader(String(header ?? ""));
    const field = IMPORT_FIELDS.find((f) => f.aliases.includes(normalized));
    if (!field || taken.has(field.key)) return null;
    taken.add(field.key);
    return field.key;
  });
}

/**
 * The sheet of a workbook an import reads: the first whose first row has a title column (a workbook often opens with
 * an instructions or notes sheet), else the first sheet, whose missing title column is then the message. `rowsOf`
 * gives a sheet's rows from its first non-blank one; later sheets are not read once one is found.
 */
export function resourceSheet<Row extends readonly unknown[]>(sheetNames: readonly string[], rowsOf: (name: string) => Row[]): Row[] {
  let first: Row[] | null = null;
  for (const name of sheetNames) {
    const rows = rowsOf(name);
    first ??= rows;
    if (rows.length && mapColumns(rows[0]!).includes("title")) return rows;
  }
  return first ?? [];
}

/** One row keyed by field (a null-prototype record, so a header such as __proto__ is only data). */
export type ImportRow = Record<string, string>;

/** Builds a row from a record's cells using the column map; blank cells are left out. */
export function rowFromCells(columns: readonly (string | null)[], cells: readonly unknown[]): ImportRow {
  const row: ImportRow = Object.create(null) as ImportRow;
  columns.forEach((key, i) => {
    if (!key) return;
    const value = cells[i] === null || cells[i] === undefined ? "" : String(cells[i]).trim();
    if (value) row[key] = value;
  });
  return row;
}

/** Splits a multi-value cell ("Grade 3; Grade 4" or "Grade 3, Grade 4"), trimmed and de-duplicated. */
export function splitValues(cell: string | undefined): string[] {
  if (!cell) return [];
  return [...new Set(cell.split(/[;|\n]|,(?=\s*\S)/).map((v) => v.trim()).filter(Boolean))];
}

/** A row's errors with the single-resource form's rules (attribute values are resolved separately). */
export function importRowErrors(row: ImportRow, options: { categoryRequired: boolean }): ResourceFieldError[] {
  return resourceFieldErrors(
    { title: row.title, description: row.description, url: row.url, resource_category: row.resource_category, keywords: row.keywords },
    { mode: "show-url", categoryRequired: options.categoryRequired },
  );
}

/** The field of a row that repeats an earlier one: the whole row is skipped, no single cell is wrong. */
export const DUPLICATE_ROW_FIELD = "duplicate";

/** What makes two rows the same resource: the same title and URL, trimmed, in any case. */
export const importRowIdentity = (row: ImportRow): string => `${(row.title ?? "").trim().toLowerCase()}\n${(row.url ?? "").trim().toLowerCase()}`;

/** The error of a row that repeats an earlier row of the same file (listed under DUPLICATE_ROW_FIELD, its title as the value). */
export const duplicateRowError = (rowNumber: number, firstRow: number, row: ImportRow): ImportError => ({
  row_number: rowNumber,
  field: DUPLICATE_ROW_FIELD,
  message: `This row has the same title and URL as row ${firstRow}, which is imported; this one is skipped.`,
  value: row.title ?? "",
});

/** The row's keywords as stored (cleaned by the keyword rule). */
export const importRowKeywords = (row: ImportRow): string[] => (row.keywords ? parseKeywords(row.keywords).keywords : []);

// ---- Shapes of the calls ----

export const ImportError = z.object({ row_number: z.number(), field: z.string(), message: z.string(), value: z.string() });
export type ImportError = z.infer<typeof ImportError>;

const AttributeOption = z.object({ id: z.number(), name: z.string(), path: z.string() });
export type AttributeOption = z.infer<typeof AttributeOption>;

/** Per field: values that matched several items (with the choices) and values that matched none. */
export const RequiredInput = z.object({
  label: z.string(),
  attribute_type: z.string(),
  ambiguous: z.record(z.string(), z.array(AttributeOption)),
  missing: z.array(z.string()),
});
export type RequiredInput = z.infer<typeof RequiredInput>;

export const ImportSummary = z.object({
  total: z.number(),
  rows_with_errors: z.number(),
  rows_requiring_input: z.number(),
  /** Rows of an earlier file of this import that were already imported (skipped, never duplicated). */
  already_imported: z.number(),
  imported: z.number(),
  error: z.string().nullable(),
  errors: z.array(ImportError),
  /** True when there were more errors than listed. */
  errors_truncated: z.boolean(),
  required_input: z.record(z.string(), RequiredInput),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** The user's choices: per field, ambiguous value to chosen ids, missing value to chosen attribute ids. */
export const UserMappings = z.record(
  z.string(),
  z.object({
    ambiguous: z.record(z.string(), z.array(z.number().int().positive().max(MAX_ID)).max(50)).default({}),
    missing: z.record(z.string(), z.array(z.number().int().positive().max(MAX_ID)).max(50)).default({}),
  }),
);
export type UserMappings = z.infer<typeof UserMappings>;

export const ImportSettings = z.object({
  /** The content owner's profile id; null (blank) means the importer. */
  owner: z.number().int().positive().max(MAX_ID).nullable().default(null),
});
export type ImportSettings = z.infer<typeof ImportSettings>;

export const UserMappingsRequest = z.object({ userMappings: UserMappings });
export const ImportSettingsRequest = z.object({ importSettings: ImportSettings });

export const BulkImport = z.object({
  id: z.string(),
  link: z.string(),
  page_link: z.string(),
  model_type: z.string(),
  status: z.enum(IMPORT_STATUSES),
  status_label: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  progress: z.object({ done: z.number(), total: z.number() }),
  import_results_summary: ImportSummary,
  fields: z.array(z.object({ key: z.string(), label: z.string(), column: z.string().nullable() })),
  user_mappings: UserMappings,
  import_settings: ImportSettings.extend({ owner_name: z.string().nullable() }),
  /** Ambiguous or missing values still waiting for the user's choice; Start needs none. */
  unresolved_values: z.number(),
  abilities: z.object({ edit: z.boolean(), start: z.boolean(), upload_new_file: z.boolean(), retry: z.boolean() }),
});
export type BulkImport = z.infer<typeof BulkImport>;

/** The upload's answer: the redirect to the import's detail view (the renderer follows data.redirect). */
export const ImportUploadResponse = z.object({ status: z.literal("success"), message: z.string(), data: z.object({ redirect: z.string(), link: z.string() }) });
export type ImportUploadResponse = z.infer<typeof ImportUploadResponse>;

export const ImportedItems = z.object({
  data: z.array(z.object({ id: z.number(), title: z.string(), link: z.string(), row_number: z.number() })),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ImportedItems = z.infer<typeof ImportedItems>;

/** The sample file's formats (GET /api/bulk-importer/{modelType}/sample?format=). */
export const SAMPLE_FILE_FORMATS = ["csv", "xlsx"] as const;

/** GET /api/bulk-importer/{modelType}/sample: format csv (the default) or xlsx. */
export const SampleFileQuery = z.object({
  format: z.preprocess(emptyAsUnset, z.enum(SAMPLE_FILE_FORMATS, "format must be csv or xlsx.").default("csv")),
});
export type SampleFileQuery = z.input<typeof SampleFileQuery>;

/** The last page of imported items one may ask for (a bound on the query's offset). */
export const IMPORTED_ITEMS_MAX_PAGE = 100000;

/** GET {import link}/imported-items: the page, from 1 (default 1). */
export const ImportedItemsQuery = z.object({
  page: z.preprocess(
    emptyOrDigits,
    z.number().int().min(1, "page must be 1 or more.").max(IMPORTED_ITEMS_MAX_PAGE, `page may be at most ${IMPORTED_ITEMS_MAX_PAGE}.`).default(1),
  ),
});
export type ImportedItemsQuery = z.input<typeof ImportedItemsQuery>;

/** GET /profile/autocomplete/change-ownership: part of a name or username (an empty term finds nobody). */
export const OwnerCandidatesQuery = z.object({ st: z.string().default("") });
export type OwnerCandidatesQuery = z.input<typeof OwnerCandidatesQuery>;

export const OwnerOption = z.object({ profile_id: z.number(), name: z.string(), is_group: z.boolean() });
export type OwnerOption = z.infer<typeof OwnerOption>;
export const OwnerAutocomplete = z.object({ data: z.array(OwnerOption) });
export type OwnerAutocomplete = z.infer<typeof OwnerAutocomplete>;
