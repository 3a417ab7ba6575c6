import fs from "node:fs";
import { EXPORT_MESSAGES } from "../../contract/index.js";
import { HttpError } from "../lib/errors.js";

/** At most this many Chromium prints run at once per instance; others wait their turn. */
const MAX_PARALLEL = 2;
const MAX_WAITING = 20;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(503, EXPORT_MESSAGES.busy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Prints self-contained export HTML to an A4 PDF in headless Chromium (CHROMIUM_PATH). The page gets no
 * network at all (images and fonts are data URLs already). 503 when no Chromium is installed.
 */
export async function printPdf(html: string, chromiumPath: string): Promise<Buffer> {
  if (!fs.existsSync(chromiumPath)) throw new HttpError(503, EXPORT_MESSAGES.pdfUnavailable);
  return withSlot(async () => {
    let browser;
    try {
      // Loaded on the first print: playwright-core costs the process ~90 MB (27 MB of heap) that most instances never use.
      const { chromium } = await import("playwright-core");
      browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--disable-dev-shm-usage", ...(process.getuid?.() === 0 ? ["--no-sandbox"] : [])], timeout: 30_000 });
    } catch {
      throw new HttpError(503, EXPORT_MESSAGES.pdfUnavailable);
    }
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      await context.route("**/*", (route) => (route.request().url().startsWith("data:") ? route.continue() : route.abort()));
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: "load", timeout: 30_000 });
      return await page.pdf({ format: "A4", printBackground: true, margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" }, tagged: true, outline: true });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, EXPORT_MESSAGES.pdfFailed);
    } finally {
      await browser.close().catch(() => undefined);
    }
  });
}
