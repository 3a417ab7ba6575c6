import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/connection.js";
import type { BulkImportRecord } from "../db/schema.js";
import { getConfigValue } from "../models/appConfig.js";
import { findImport, writeImportFile } from "../models/bulkImports.js";
import { AttributeResolver } from "./attributeResolver.js";
import { importRows } from "./importRows.js";
import { JobStopped, Lease, LeaseLost } from "./lease.js";
import { ImportFailure, preprocessImport } from "./preprocessImport.js";
import type { SpreadsheetLimits } from "./readSpreadsheet.js";

export interface ImportJobOptions {
  /** How often an idle runner looks for work. */
  pollMs: number;
  /** How long a claim holds without renewal; a killed instance's jobs are taken over after it. */
  leaseMs: number;
  batchSize: number;
  /** Claims after which a job that keeps dying (a crash each time) fails instead. */
  maxAttempts: number;
  limits: SpreadsheetLimits;
  /** Where a job writes the file it reads (removed after). */
  tmpDir?: string;
  /** Test hook: a pause between import batches, to observe a job in the middle. */
  batchPauseMs?: number;
}

/**
 * Runs bulk imports in the background of a server instance: it claims a waiting import with a
 * lease in the database (so any number of instances can run a runner), preprocesses created
 * imports and imports processing ones, and gives the job back if it fails. A job of a killed
 * instance is taken over once its lease has expired, and resumes from its last committed batch.
 */
export class ImportJobRunner {
  readonly instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private db: Db,
    private logger: Logger,
    private options: ImportJobOptions,
  ) {}

  /** Starts polling for work. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for work now (after an upload or a start), instead of at the next poll. */
  poke(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Stops polling and waits for the current step to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick()
        .catch((err: unknown) => this.logger.error({ err }, "import runner failed"))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.options.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Claims and runs waiting imports until none is left. */
  private async tick(): Promise<void> {
    while (!this.stopped) {
      const waiting = await this.db
        .selectFrom("bulk_imports")
        .select("id")
        .where("status", "in", ["created", "processing"])
        .where("error", "is", null)
        .where("lease_until", "<", Date.now())
        .orderBy("id")
        .limit(5)
        .execute();
      let claimed: Lease | null = null;
      for (const { id } of waiting) if ((claimed = await Lease.claim(this.db, id, this.instanceId, this.options.leaseMs))) break;
      if (!claimed) return;
      await this.run(claimed);
    }
  }

  private async run(lease: Lease): Promise<void> {
    const record = await findImport(this.db, lease.importId);
    if (!record) return;
    const log = this.logger.child({ import: record.uid, status: record.status });
    lease.startHeartbeat();
    const started = Date.now();
    try {
      if (record.attempts > this.options.maxAttempts) throw new ImportFailure("interrupted");
      if (record.status === "created") await this.preprocess(record, lease);
      else {
        const resolver = await AttributeResolver.load(this.db);
        await importRows(this.db, record, lease, resolver, { batchSize: this.options.batchSize, pauseMs: this.options.batchPauseMs, shouldStop: () => this.stopped });
      }
      log.info({ ms: Date.now() - started }, "import step finished");
      await lease.release();
    } catch (err) {
      if (err instanceof LeaseLost) return log.warn("import taken over by another instance");
      if (err instanceof JobStopped) {
        log.info("server stopping: import handed back");
        return lease.release();
      }
      if (err instanceof ImportFailure) {
        log.info({ reason: err.code }, "import failed");
        return lease.release({ error: err.message });
      }
      log.error({ err }, "import step crashed; it will be retried");
      await lease.release().catch(() => undefined);
    }
  }

  private async preprocess(record: BulkImportRecord, lease: Lease): Promise<void> {
    const dir = fs.mkdtempSync(path.join(this.options.tmpDir ?? os.tmpdir(), "import-"));
    try {
      const file = path.join(dir, `upload.${record.file_type}`);
      await writeImportFile(this.db, record, file);
      const settings = await getConfigValue<{ resourceCategoryRequired?: boolean }>(this.db, "settings", {});
      await preprocessImport(this.db, record, file, lease, { limits: this.options.limits, categoryRequired: settings.resourceCategoryRequired === true, shouldStop: () => this.stopped });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

