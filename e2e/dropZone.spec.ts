import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { saveShot } from "./helpers.js";

const HARNESS = "http://harness.test";
let outDir: string;

// The DropZone alone, on a page of its own (renderer/testing/); the app screens that mount it have their own specs.
test.beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), "dropzone-harness-"));
  await build({
    root: path.resolve(import.meta.dirname, "../renderer/testing"),
    base: "/",
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.resolve(import.meta.dirname, "../renderer/testing/dropZoneHarness.html") } },
  });
});
test.afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** Serves the built harness at http://harness.test/ from the build folder. */
async function openHarness(page: Page): Promise<void> {
  await page.route(`${HARNESS}/**`, (route) => {
    const pathname = new URL(route.request().url()).pathname;
    const file = path.join(outDir, pathname === "/" ? "dropZoneHarness.html" : pathname);
    if (!file.startsWith(outDir) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "text/html";
    return route.fulfill({ body: fs.readFileSync(file), contentType: type });
  });
  await page.goto(`${HARNESS}/`);
  await expect(page.getByRole("heading", { name: "Drop files here" })).toBeVisible();
}

/** Dispatches a drag event carrying files (as the OS does for files dragged in from the desktop) at the page's body. */
function dispatchFileDrag(page: Page, type: "dragover" | "drop", files: { name: string; type: string; content: string }[] = [{ name: "notes.txt", type: "text/plain", content: "hello" }]) {
  return page.evaluate(
    ({ type, files }) => {
      const data = new DataTransfer();
      for (const f of files) data.items.add(new File([f.content], f.name, { type: f.type }));
      document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    },
    { type, files },
  );
}

test.describe("DropZone (files dragged over the window)", () => {
  test("shows while files are dragged over and disappears 250 ms after the last dragover", async ({ page }) => {
    // On a stopped clock, so the 250 ms are the page's own and a busy machine cannot spend them between two checks.
    const t0 = new Date("2026-01-05T09:00:00Z");
    await page.clock.install({ time: t0 });
    await openHarness(page);
    await page.clock.pauseAt(new Date(t0.getTime() + 60_000));
    const zone = page.getByTestId("drop-zone");
    await expect(zone).toHaveCount(0);

    await dispatchFileDrag(page, "dragover");
    await expect(zone).toBeVisible();
    await expect(zone).toContainText("Drop files to add them as resources");
    await saveShot(page, `drop-zone.png`);

    // Dragovers keep coming (the pointer moves): it stays well past 250 ms in total.
    for (let i = 0; i < 4; i++) {
      await page.clock.runFor(150);
      await dispatchFileDrag(page, "dragover");
      await expect(zone).toBeVisible();
    }
    // Then the drag leaves the window: still there just before 250 ms, gone at 250 ms.
    await page.clock.runFor(240);
    await expect(zone).toBeVisible();
    await page.clock.runFor(10);
    await expect(zone).toHaveCount(0);
  });

  test("hands the dropped files to the callback and hides at once", async ({ page }) => {
    await openHarness(page);
    await dispatchFileDrag(page, "dragover");
    await expect(page.getByTestId("drop-zone")).toBeVisible();

    await dispatchFileDrag(page, "drop", [
      { name: "lesson.pdf", type: "application/pdf", content: "%PDF-1.4" },
      { name: "roster.csv", type: "text/csv", content: "a,b\n1,2\n" },
    ]);

    await expect(page.getByTestId("drop-zone")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Dropped files" }).getByRole("listitem")).toHaveText(["lesson.pdf (8 bytes, application/pdf)", "roster.csv (8 bytes, text/csv)"]);
  });

  test("ignores drags that carry no files (selected text)", async ({ page }) => {
    await openHarness(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "just text");
      document.body.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await page.waitForTimeout(100);
    await expect(page.getByTestId("drop-zone")).toHaveCount(0);
  });
});
