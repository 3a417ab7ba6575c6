import { expect, test, type Page } from "@playwright/test";
import { addResource, expectNoAxeViolations, openSearch, resultCards, signInViaApi, submitSearch, saveShot } from "./helpers.js";

/** Where screenshots of the new screens go (looked at by a person after the run). */
/** A word no seeded item carries, so each run's new items are easy to find. */
const unique = () => `Zq${Date.now().toString(36)}`;

const PDF = "%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n";
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

interface DroppedFile {
  name: string;
  type: string;
  /** Text content, or base64 when `base64` is set. */
  content: string;
  base64?: boolean;
  /** Zero bytes appended (to make an oversized file). */
  padBytes?: number;
}

/**
 * Drags files over the window and drops them, as the OS does for files dragged in from the desktop: the DataTransfer
 * and File objects are built in the page, so the app reads real bytes.
 */
async function dropFiles(page: Page, files: DroppedFile[]): Promise<void> {
  const fire = (type: "dragover" | "drop") =>
    page.evaluate(
      ({ type, files }) => {
        const data = new DataTransfer();
        for (const f of files) {
          const body = f.base64 ? Uint8Array.from(atob(f.content), (c) => c.charCodeAt(0)) : new TextEncoder().encode(f.content);
          data.items.add(new File([body, new Uint8Array(f.padBytes ?? 0)], f.name, { type: f.type }));
        }
        document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      },
      { type, files },
    );
  // The OS fires dragover again and again while files are held over the window, and the overlay goes 250 ms after the
  // last one: fired once, a slow machine could miss it in between. So it is fired until the overlay is seen.
  await expect(async () => {
    await fire("dragover");
    await expect(page.getByTestId("drop-zone")).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 10_000 });
  await fire("drop");
  await expect(page.getByTestId("drop-zone")).toHaveCount(0);
}

test.describe("files dropped on the window add resources", () => {
  test("a guest who drops a file is asked to sign in", async ({ page }) => {
    await openSearch(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(["x"], "notes.pdf", { type: "application/pdf" }));
      document.body.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await expect(page.getByTestId("drop-zone")).toContainText("Sign in to add files as resources");
    await dropFiles(page, [{ name: "notes.pdf", type: "application/pdf", content: PDF }]);
    const modal = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(modal).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Add Resource" })).toHaveCount(0);
  });

  test("one file opens the Add Resource form with it; the new resource is found in search", async ({ page }) => {
    const word = unique();
    await signInViaApi(page);
    await openSearch(page);
    await dropFiles(page, [{ name: `${word}_tide-notes.pdf`, type: "application/pdf", content: PDF }]);

    const dialog = page.getByRole("dialog", { name: "Add Resource" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveValue(`${word} tide notes`);
    await expect(dialog.getByRole("radio", { name: "File" })).toBeChecked();
    await expect(dialog.getByText(`Chosen: ${word}_tide-notes.pdf`)).toBeVisible();
    // The native input holds the file too, so it does not read "No file chosen".
    await expect.poll(() => dialog.getByLabel("Choose a file").evaluate((input: HTMLInputElement) => Array.from(input.files ?? [], (f) => `${f.name} ${f.size}`))).toEqual([`${word}_tide-notes.pdf ${PDF.length}`]);
    await saveShot(page, `drop-one-file.png`);
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(`${word} tide notes`);

    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(1);
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(`${word} tide notes`);
  });

  test("one refused file opens the form with its error and no title taken from its name", async ({ page }) => {
    await signInViaApi(page);
    await openSearch(page);
    await dropFiles(page, [{ name: "pond.exe", type: "application/octet-stream", content: "MZ" }]);
    const dialog = page.getByRole("dialog", { name: "Add Resource" });
    await expect(dialog.getByLabel("Choose a file")).toHaveAccessibleDescription(/The selected file type should be \(doc,docx,pdf,rtf,gif,jpeg,jpg,png\)/);
    await expect(dialog.getByLabel("Title")).toHaveValue("");
  });

  test("a drop while a modal is open is ignored: no drop zone, no second dialog", async ({ page }) => {
    await signInViaApi(page);
    await openSearch(page);
    const url = page.url();
    for (const opener of ["Add Resource", "Create"]) {
      await page.getByRole("button", { name: opener, exact: true }).click();
      const modal = page.getByRole("dialog");
      await expect(modal).toHaveCount(1);
      await page.evaluate(() => {
        for (const type of ["dragover", "drop"]) {
          const data = new DataTransfer();
          data.items.add(new File(["%PDF-1.4"], "tide-notes.pdf", { type: "application/pdf" }));
          const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data });
          document.body.dispatchEvent(event);
          // Swallowed, so a browser would not open the file in place of the page.
          if (!event.defaultPrevented) throw new Error(`${type} was not handled`);
        }
      });
      await expect(page.getByTestId("drop-zone")).toHaveCount(0);
      // Still the one modal, untouched by the file.
      await expect(modal).toHaveCount(1);
      await expect(modal.getByText("tide-notes.pdf")).toHaveCount(0);
      if (opener === "Add Resource") await saveShot(page, `drop-on-open-modal.png`);
      await page.keyboard.press("Escape");
      await expect(modal).toHaveCount(0);
    }
    expect(page.url()).toBe(url);
    // With the modals closed the window takes drops again.
    await dropFiles(page, [{ name: "tide-notes.pdf", type: "application/pdf", content: PDF }]);
    await expect(page.getByRole("dialog", { name: "Add Resource" })).toBeVisible();
  });

  test("several files: each is added through the resource call and its outcome listed, with the server's message for a refused one", async ({ page }) => {
    const word = unique();
    await signInViaApi(page);
    await openSearch(page);
    await dropFiles(page, [
      { name: `${word} reef map.png`, type: "image/png", content: PNG_BASE64, base64: true },
      { name: `${word} lesson.pdf`, type: "application/pdf", content: PDF },
      { name: "setup.exe", type: "application/octet-stream", content: "MZ" },
      { name: `${word} big.pdf`, type: "application/pdf", content: PDF, padBytes: 3 * 1024 * 1024 },
      // Passes the checks in the page (name and size); only the server reads the content.
      { name: `${word} disguised.pdf`, type: "application/pdf", content: PNG_BASE64, base64: true },
    ]);

    const dialog = page.getByRole("dialog", { name: "Add 5 files as resources" });
    await expect(dialog).toBeVisible();
    const item = (name: string) => dialog.getByRole("listitem").filter({ hasText: name });
    // Refused before sending, with the same rules and texts as the server.
    await expect(item("setup.exe")).toContainText("Not added: The selected file type should be (doc,docx,pdf,rtf,gif,jpeg,jpg,png)");
    await expect(item(`${word} big.pdf`)).toContainText("Not added: The file may be at most 2048 KB.");
    await expect(item(`${word} lesson.pdf`)).toContainText("Ready to add");
    await expectNoAxeViolations(page, "dropped files dialog");

    await dialog.getByRole("button", { name: "Add 3 resources" }).click();
    await expect(dialog.getByRole("status")).toHaveText("2 added, 3 not added.");
    await expect(item(`${word} reef map.png`)).toContainText(`Added: “${word} reef map”`);
    await expect(item(`${word} lesson.pdf`)).toContainText(`Added: “${word} lesson”`);
    await expect(item(`${word} disguised.pdf`)).toContainText("Not added: The file's content does not match its extension.");
    await saveShot(page, `drop-several-files.png`);

    await dialog.getByRole("button", { name: "Show in search" }).click();
    await expect(dialog).toBeHidden();
    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(2);
    // Relevance decides the order, so compare the titles as a set.
    await expect.poll(async () => (await resultCards(page).getByRole("heading", { level: 3 }).allInnerTexts()).sort()).toEqual([`${word} lesson`, `${word} reef map`]);
  });

  test("a file dropped on a resource's edit page replaces that resource's file; no new resource is added", async ({ page }) => {
    const word = unique();
    await signInViaApi(page);
    const link = await addResource(page, `${word} Tide Website`, { url: "https://example.org/tides" });
    await page.goto(`${link}/edit`);
    const section = page.getByRole("region", { name: "Link or file" });
    // The section takes files once the edit lock is held.
    await expect(section.getByLabel("New link")).not.toHaveAttribute("readonly");
    await dropFiles(page, [{ name: `${word}_tides.pdf`, type: "application/pdf", content: PDF }]);
    await expect(page.getByText("Link or file changed.")).toBeVisible();
    await expect(section.getByTestId("resource-source-current")).toHaveText(`File: ${word}_tides.pdf (${PDF.length} B)`);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Still one resource with the word, now a file.
    await openSearch(page);
    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(1);
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(`${word} Tide Website`);
  });
});
