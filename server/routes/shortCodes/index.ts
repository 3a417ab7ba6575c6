import { Router } from "express";
import { ShortCodePreviewRequest, type ShortCodePreviewResponse } from "../../../contract/index.js";
import { previewShortCodes } from "../../lib/shortCodes.js";
import { parseOr422 } from "../../lib/validate.js";
import { authenticate, authorize, shortCodePolicy } from "../../policies/index.js";

/** POST /api/short-codes/preview: the About Short Codes dialog's examples and Try it out, expanded as the view page expands them. */
export function shortCodesRouter(): Router {
  const router = Router();

  router.post("/api/short-codes/preview", authenticate(), (req, res) => {
    authorize(req.actor, shortCodePolicy.canPreview(req.actor));
    const { text } = parseOr422(ShortCodePreviewRequest, req.body ?? {});
    res.json({ html: previewShortCodes(text) } satisfies ShortCodePreviewResponse);
  });

  return router;
}
