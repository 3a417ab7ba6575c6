import fs from "node:fs/promises";
import { Router } from "express";
import { ICON_MESSAGES, IconValue, SupportedIconsQuery, type SupportedIconList } from "../../../contract/index.js";
import { HttpError } from "../../lib/errors.js";
import { iconSvgFile, supportedIcons } from "../../lib/icons.js";
import { parseOr422 } from "../../lib/validate.js";

/** How long browsers keep an icon's SVG (30 days): a name draws the same icon until the package is upgraded. */
const SVG_MAX_AGE = 30 * 24 * 3600;

/**
 * The icon pickers' calls: GET /system/icons/supported (the list; flags all and brands) and
 * GET /system/icons/{style}/{name}.svg (one icon's drawing). Public reads of the package's files: no session needed.
 */
export function iconsRouter(): Router {
  const router = Router();

  router.get("/system/icons/supported", (req, res) => {
    const flags = parseOr422(SupportedIconsQuery, req.query);
    const body: SupportedIconList = supportedIcons(flags);
    // The list changes only with the package; an hour keeps a picker opened again from asking.
    res.set("Cache-Control", "public, max-age=3600").json(body);
  });

  router.get("/system/icons/:style/:file", async (req, res) => {
    const { style, file } = req.params;
    const parsed = file.endsWith(".svg") ? IconValue.safeParse({ style, name: file.slice(0, -".svg".length) }) : null;
    const svg = parsed?.success ? iconSvgFile(parsed.data) : null;
    if (!svg) throw new HttpError(404, ICON_MESSAGES.notFound);
    const data = await fs.readFile(svg);
    res.set({
      "Content-Type": "image/svg+xml",
      "X-Content-Type-Options": "nosniff",
      // A drawing, never a page: opened on its own it runs nothing and loads nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": `public, max-age=${SVG_MAX_AGE}`,
    });
    res.send(data);
  });

  return router;
}
