import fs from "node:fs";
import os from "node:os";
import { Router, type Request } from "express";
import multer from "multer";
import {
  BULK_IMPORT_MESSAGES,
  importFailureRetryable,
  IMPORT_FIELDS,
  IMPORT_FILE_EXTENSIONS,
  IMPORTED_ITEMS_PAGE_SIZE,
  ImportSettingsRequest,
  ImportedItemsQuery,
  OwnerCandidatesQuery,
  SampleFileQuery,
  UserMappingsRequest,
  fileExtension,
  type ImportedItems,
  type ImportUploadResponse,
  type OwnerAutocomplete,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { BulkImportRecord } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { createImport, findImportByUid, importState, listImportedItems, replaceImportFile, retryImport, saveImportChoices, startImport } from "../../models/bulkImports.js";
import { countItemsOfType } from "../../models/attributes.js";
import { findProfileName, findProfilesMatching } from "../../models/profiles.js";
import { sampleFile } from "../../jobs/sampleFile.js";
import { authenticate, authorize, bulkImportPolicy } from "../../policies/index.js";
import { importLink, importPageLink, presentImport } from "../../presenters/bulkImport.js";
import { itemLink } from "../../presenters/editableItem.js";
import { presentProfileOption } from "../../presenters/profile.js";

/** Model types that can be imported (resources only, as the specification describes). */
const IMPORTABLE = new Set(["resource", "resources"]);

/** How many profiles the owner autocomplete answers at most. */
const OWNER_CANDIDATES_LIMIT = 30;

/** What the bulk import router needs from the server: the upload limit and a way to wake the job runner. */
export interface BulkImportRouterOptions {
  maxFileBytes: number;
  /** Tells this instance's job runner there is work (other instances find it by polling). */
  onWork(): void;
}

/** The bulk importer's calls: sample, upload, the import's detail, choices, start, retry, new file, imported items. */
export function bulkImportRouter(db: Db, options: BulkImportRouterOptions): Router {
  const router = Router();
  const upload = multer({ dest: os.tmpdir(), limits: { fileSize: options.maxFileBytes, files: 1, fields: 20 } });

  /** Runs multer for one `file` field; its own errors become the import's 422 messages. */
  const receiveFile = (req: Request): Promise<{ path: string; name: string; size: number; type: "csv" | "xls" | "xlsx" }> =>
    new Promise((resolve, reject) => {
      upload.single("file")(req, req.res!, (err: unknown) => {
        if (err instanceof multer.MulterError) return reject(new HttpError(422, err.code === "LIMIT_FILE_SIZE" ? BULK_IMPORT_MESSAGES.fileTooLarge : BULK_IMPORT_MESSAGES.fileRequired));
        // busboy's own errors (a cut-off body, a malformed part header, no boundary) are the client's upload, not the server.
        if (err) return reject(new HttpError(400, "The upload could not be read."));
        const file = req.file;
        if (!file) return reject(new HttpError(422, BULK_IMPORT_MESSAGES.fileRequired, { file: [BULK_IMPORT_MESSAGES.fileRequired] }));
        const ext = fileExtension(file.originalname);
        if (!(IMPORT_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
          fs.rmSync(file.path, { force: true });
          return reject(new HttpError(422, BULK_IMPORT_MESSAGES.fileType, { file: [BULK_IMPORT_MESSAGES.fileType] }));
        }
        resolve({ path: file.path, name: file.originalname.slice(0, 255), size: file.size, type: ext as "csv" | "xls" | "xlsx" });
      });
    });

  const modelTypeOf = (req: Request): string => {
    const type = String(req.params.modelType);
    if (!IMPORTABLE.has(type)) throw new HttpError(404, BULK_IMPORT_MESSAGES.unknownModelType);
    return "resource";
  };

  /** Loads the import of the path, authorized for the action (after authenticate(): one the actor may not see is not found). */
  const loadImport = async (req: Request, allowed: (record: BulkImportRecord) => boolean): Promise<BulkImportRecord> => {
    const record = await findImportByUid(db, String(req.params.uid));
    if (!record || !bulkImportPolicy.canView(req.actor, record)) throw new HttpError(404, BULK_IMPORT_MESSAGES.notFound);
    authorize(req.actor, allowed(record));
    return record;
  };

  const ownerName = async (record: BulkImportRecord): Promise<string | null> => {
    const owner = importState(record).settings.owner;
    if (!owner) return null;
    return (await findProfileName(db, owner))?.name ?? null;
  };

  const answerImport = async (req: Request, uid: string) => {
    const record = (await findImportByUid(db, uid))!;
    return presentImport(record, req.actor, await ownerName(record));
  };

  router.get("/api/bulk-importer/:modelType/sample", async (req, res) => {
    modelTypeOf(req);
    const { format } = parseOr422(SampleFileQuery, req.query);
    const body = await sampleFile(db, format);
    res.setHeader("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    res.setHeader("Content-Disposition", `attachment; filename="resources-import-sample.${format}"`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(body);
  });

  router.post("/api/bulk-importer/:modelType/upload", async (req, res) => {
    authorize(req.actor, bulkImportPolicy.canImport(req.actor));
    const modelType = modelTypeOf(req);
    const file = await receiveFile(req);
    try {
      const record = await createImport(db, { profileId: req.actor.profile!.id, modelType, fileName: file.name, fileType: file.type, fileSize: file.size, filePath: file.path });
      options.onWork();
      const answer: ImportUploadResponse = { status: "success", message: "The file was uploaded; it is being read.", data: { redirect: importPageLink(record), link: importLink(record) } };
      res.json(answer);
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  });

  router.get("/api/bulk-importer/imports/:uid", authenticate(), async (req, res) => {
    const record = await loadImport(req, () => true);
    res.json(presentImport(record, req.actor, await ownerName(record)));
  });

  const requirePreprocessed = (record: BulkImportRecord) => {
    if (record.status !== "preprocessed" || record.error) throw new HttpError(409, BULK_IMPORT_MESSAGES.notEditable);
  };

  router.post("/api/bulk-importer/imports/:uid/user-mappings", authenticate(), async (req, res) => {
    const record = await loadImport(req, (r) => bulkImportPolicy.canEdit(req.actor, r));
    requirePreprocessed(record);
    const { userMappings } = parseOr422(UserMappingsRequest, req.body ?? {});
    for (const [field, choice] of Object.entries(userMappings)) {
      const type = IMPORT_FIELDS.find((f) => f.key === field)?.attributeType;
      if (!type) throw new HttpError(422, BULK_IMPORT_MESSAGES.unknownAttribute, { [field]: [BULK_IMPORT_MESSAGES.unknownAttribute] });
      const ids = [...new Set([...Object.values(choice.ambiguous), ...Object.values(choice.missing)].flat())];
      if (!ids.length) continue;
      if ((await countItemsOfType(db, type, ids)) !== ids.length) throw new HttpError(422, BULK_IMPORT_MESSAGES.unknownAttribute, { [field]: [BULK_IMPORT_MESSAGES.unknownAttribute] });
    }
    await saveImportChoices(db, record.id, { user_mappings: userMappings });
    res.json(await answerImport(req, record.uid));
  });

  router.post("/api/bulk-importer/imports/:uid/import-settings", authenticate(), async (req, res) => {
    const record = await loadImport(req, (r) => bulkImportPolicy.canEdit(req.actor, r));
    requirePreprocessed(record);
    const { importSettings } = parseOr422(ImportSettingsRequest, req.body ?? {});
    if (importSettings.owner && !(await findProfileName(db, importSettings.owner))) {
      throw new HttpError(422, BULK_IMPORT_MESSAGES.unknownOwner, { owner: [BULK_IMPORT_MESSAGES.unknownOwner] });
    }
    await saveImportChoices(db, record.id, { import_settings: importSettings });
    res.json(await answerImport(req, record.uid));
  });

  router.post("/api/bulk-importer/imports/:uid/start", authenticate(), async (req, res) => {
    const record = await loadImport(req, (r) => bulkImportPolicy.canEdit(req.actor, r));
    requirePreprocessed(record);
    if (!presentImport(record, req.actor, null).abilities.start) throw new HttpError(409, BULK_IMPORT_MESSAGES.notStartable);
    if (!(await startImport(db, record.id))) throw new HttpError(409, BULK_IMPORT_MESSAGES.notEditable);
    options.onWork();
    res.json(await answerImport(req, record.uid));
  });

  router.post("/api/bulk-importer/imports/:uid/retry", authenticate(), async (req, res) => {
    const record = await loadImport(req, (r) => bulkImportPolicy.canEdit(req.actor, r));
    if (!record.error) throw new HttpError(409, BULK_IMPORT_MESSAGES.notRetryable);
    if (!importFailureRetryable(record.error)) throw new HttpError(409, BULK_IMPORT_MESSAGES.retryNeedsNewFile);
    await retryImport(db, record.id);
    options.onWork();
    res.json(await answerImport(req, record.uid));
  });

  router.post("/api/bulk-importer/imports/:uid/upload-new-file", authenticate(), async (req, res) => {
    const record = await loadImport(req, (r) => bulkImportPolicy.canEdit(req.actor, r));
    if (!presentImport(record, req.actor, null).abilities.upload_new_file) throw new HttpError(409, BULK_IMPORT_MESSAGES.noNewFile);
    const file = await receiveFile(req);
    try {
      await replaceImportFile(db, record, { fileName: file.name, fileType: file.type, fileSize: file.size, filePath: file.path });
    } finally {
      fs.rmSync(file.path, { force: true });
    }
    options.onWork();
    res.json(await answerImport(req, record.uid));
  });

  router.get("/api/bulk-importer/imports/:uid/imported-items", authenticate(), async (req, res) => {
    const { page } = parseOr422(ImportedItemsQuery, req.query);
    const record = await loadImport(req, () => true);
    const { rows, total } = await listImportedItems(db, record.id, page, IMPORTED_ITEMS_PAGE_SIZE);
    const answer: ImportedItems = {
      data: rows.map((r) => ({ id: r.id, title: r.title, link: itemLink(r), row_number: r.row_number })),
      total,
      page,
      per_page: IMPORTED_ITEMS_PAGE_SIZE,
    };
    res.json(answer);
  });

  router.get("/profile/autocomplete/change-ownership", authenticate(), async (req, res) => {
    const { st } = parseOr422(OwnerCandidatesQuery, req.query);
    const rows = await findProfilesMatching(db, st, OWNER_CANDIDATES_LIMIT);
    res.json({ data: rows.map(presentProfileOption) } satisfies OwnerAutocomplete);
  });
  return router;
}
