import { expect, test, type Locator, type Page } from "@playwright/test";
import { solidPng } from "../server/test/sampleFiles.js";
import { ADMIN, LEARNER, expectNoAxeViolations, openAccountMenu, resultCards, signInViaApi } from "./helpers.js";

const LABEL = "Choose an image (jpg, jpeg, gif, png or svg)";
const PHOTO = { name: "me.png", mimeType: "image/png", buffer: solidPng(600, 600, [29, 122, 85]) };
const chosenName = (input: Locator) => input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name ?? null);

/** Chooses a file the way a person does: a click on the input opens the file chooser. */
async function chooseByClick(page: Page, input: Locator): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await input.click();
  await (await chooser).setFiles(PHOTO);
}

test("the profile photo's file input names the chosen file while it is on the stage, and the same file chosen again starts afresh", async ({ page }) => {
  await signInViaApi(page, LEARNER);
  await page.goto("/search/");
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("link", { name: "Your profile" }).click();
  await page.getByRole("button", { name: /^(Add a photo|Change photo)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Profile photo" });
  const input = dialog.getByLabel(LABEL);
  await chooseByClick(page, input);
  await expect(dialog.getByTestId("crop-stage")).toBeVisible();
  // It used to be emptied at once: "No file chosen" beside the chosen photo.
  expect(await chosenName(input)).toBe("me.png");
  await expectNoAxeViolations(page, "the profile photo dialog with a chosen file");

  await dialog.getByLabel(/^Zoom/).fill("2");
  await expect(dialog.getByText("Zoom (1.00×)")).toHaveCount(0);
  await chooseByClick(page, input);
  await expect(dialog.getByText("Zoom (1.00×)")).toBeVisible();
  expect(await chosenName(input)).toBe("me.png");
});

test("the thumbnail designer's file input names the chosen file too", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // The newest lesson plan, whatever other specs named theirs.
  await page.goto("/search/?f[t][]=lesson_plans");
  await resultCards(page).first().getByRole("link").first().click();
  await page.getByRole("button", { name: "Design Thumbnail" }).click();
  const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
  const input = dialog.getByLabel(LABEL);
  await chooseByClick(page, input);
  await expect(dialog.getByTestId("crop-stage")).toBeVisible();
  expect(await chosenName(input)).toBe("me.png");
  await expectNoAxeViolations(page, "the thumbnail designer with a chosen file");
});
