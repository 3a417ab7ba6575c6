import { Router } from "express";
import { I18N_GROUPS, I18N_LOCALE, I18N_MESSAGES, I18N_SCRIPT_FILE, i18nTexts, type I18nGroup } from "../../../contract/index.js";
import { HttpError } from "../../lib/errors.js";

/** A year: the nonce in the path changes when the texts do. */
const SCRIPT_MAX_AGE = 365 * 24 * 3600;

/** A value as a JavaScript literal: JSON, with "<" escaped so no text can close a script element it is pasted into. */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * GET /i18n/{group}/{locale-or-key}/{nonce}.js: the localization scripts (contract/i18n.ts). Public and the same for
 * everyone: answered before sessions, as the icons are.
 */
export function i18nRouter(): Router {
  const router = Router();

  router.get("/i18n/:group/:segment/:file", (req, res) => {
    const { group, segment, file } = req.params;
    if (!Object.hasOwn(I18N_GROUPS, group) || !I18N_SCRIPT_FILE.test(file)) throw new HttpError(404, I18N_MESSAGES.notFound);
    const texts = i18nTexts(group as I18nGroup);
    const setGroup = `var i18n = (globalThis.i18n = globalThis.i18n || {});\nvar group = (i18n[${literal(group)}] = i18n[${literal(group)}] || {});\n`;
    let body: string;
    if (Object.hasOwn(texts, segment)) body = `${setGroup}group[${literal(segment)}] = ${literal(texts[segment])};\n`;
    else if (I18N_LOCALE.test(segment)) body = `${setGroup}Object.assign(group, ${literal(texts)});\n`;
    else throw new HttpError(404, I18N_MESSAGES.notFound);
    res.set({ "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": `public, max-age=${SCRIPT_MAX_AGE}, immutable` });
    // Wrapped, so its two variables stay its own.
    res.send(`(function () {\n${body}})();\n`);
  });

  return router;
}
