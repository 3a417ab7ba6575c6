import { Router } from "express";
import type { z } from "zod";
import {
  INTERCEPTOR_DEFER_HOURS,
  INTERCEPTOR_TEXTS,
  InterceptorId,
  InterceptorInput,
  type InterceptorResponseAnswer,
  type InterceptorSaveResponse,
  type InterceptorState,
  type ManagedInterceptorsResponse,
  type PendingInterceptorsResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { sanitizeUserHtml } from "../../lib/sanitize.js";
import { parseOr422 } from "../../lib/validate.js";
import { deleteInterceptor, findInterceptor, insertInterceptor, listAllInterceptors, listPendingInterceptors, setInterceptorState, updateInterceptor } from "../../models/interceptors.js";
import { authenticate, authorize, interceptorPolicy } from "../../policies/index.js";
import { presentManagedInterceptor, presentPendingInterceptor } from "../../presenters/interceptor.js";

const HOUR_MS = 3_600_000;

/**
 * Interceptors: the signed-in profile's pending notices (GET /profile/interceptors), dismissing and deferring one
 * (POST /profile/interceptors/{id}/dismiss and /defer), and their management by administrators (GET and POST
 * /api/interceptors, PUT and DELETE /api/interceptors/{id}).
 */
export function interceptorsRouter(db: Db): Router {
  const router = Router();

  router.get("/profile/interceptors", async (req, res) => {
    const profile = req.actor.profile;
    const rows = profile && interceptorPolicy.hasInterceptors(req.actor) ? await listPendingInterceptors(db, profile.id, new Date().toISOString()) : [];
    res.json({ data: rows.map(presentPendingInterceptor) } satisfies PendingInterceptorsResponse);
  });

  for (const action of ["dismiss", "defer"] as const) {
    router.post(`/profile/interceptors/:id/${action}`, authenticate(), async (req, res) => {
      const id = parseOr422(InterceptorId, req.params.id);
      const interceptor = await findInterceptor(db, id);
      if (!interceptor) throw new HttpError(404, INTERCEPTOR_TEXTS.notFound);
      authorize(req.actor, interceptorPolicy.canRespond(req.actor));
      const now = new Date();
      const state: InterceptorState = action === "dismiss" ? "dismissed" : "deferred";
      const deferredUntil = state === "deferred" ? new Date(now.getTime() + INTERCEPTOR_DEFER_HOURS * HOUR_MS).toISOString() : null;
      await setInterceptorState(db, { profile_id: req.actor.profile!.id, interceptor_id: id, state, deferred_until: deferredUntil, updated_at: now.toISOString() });
      res.json({ id, state, deferred_until: deferredUntil, message: state === "dismissed" ? INTERCEPTOR_TEXTS.dismissed : INTERCEPTOR_TEXTS.deferred } satisfies InterceptorResponseAnswer);
    });
  }

  router.get("/api/interceptors", authenticate(), async (req, res) => {
    authorize(req.actor, interceptorPolicy.canManage(req.actor));
    const now = new Date().toISOString();
    res.json({ data: (await listAllInterceptors(db)).map((row) => presentManagedInterceptor(row, now)) } satisfies ManagedInterceptorsResponse);
  });

  router.post("/api/interceptors", authenticate(), async (req, res) => {
    authorize(req.actor, interceptorPolicy.canManage(req.actor));
    const input = parseOr422(InterceptorInput, req.body ?? {});
    const now = new Date().toISOString();
    const row = await insertInterceptor(db, { ...storedInterceptor(input), created_at: now, updated_at: now });
    res.status(201).json({ data: presentManagedInterceptor(row, now), message: INTERCEPTOR_TEXTS.created } satisfies InterceptorSaveResponse);
  });

  router.put("/api/interceptors/:id", authenticate(), async (req, res) => {
    authorize(req.actor, interceptorPolicy.canManage(req.actor));
    const id = parseOr422(InterceptorId, req.params.id);
    const input = parseOr422(InterceptorInput, req.body ?? {});
    const now = new Date().toISOString();
    const row = await updateInterceptor(db, id, { ...storedInterceptor(input), updated_at: now });
    if (!row) throw new HttpError(404, INTERCEPTOR_TEXTS.notFound);
    res.json({ data: presentManagedInterceptor(row, now), message: INTERCEPTOR_TEXTS.saved } satisfies InterceptorSaveResponse);
  });

  router.delete("/api/interceptors/:id", authenticate(), async (req, res) => {
    authorize(req.actor, interceptorPolicy.canManage(req.actor));
    const id = parseOr422(InterceptorId, req.params.id);
    if (!(await deleteInterceptor(db, id))) throw new HttpError(404, INTERCEPTOR_TEXTS.notFound);
    res.json({ status: "success", message: INTERCEPTOR_TEXTS.deleted } satisfies StatusMessageResponse);
  });

  return router;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The content as stored: HTML sanitized with the "simple" profile; plain text (no tag in it) becomes paragraphs, a
 * blank line between two, a line break within one. Refused when nothing is left of it.
 */
export function storedContent(content: string): string {
  const html = /<[a-z/!]/i.test(content)
    ? content
    : content
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
        .join("");
  const clean = sanitizeUserHtml(html, "simple").trim();
  if (!clean.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim()) throw new HttpError(422, INTERCEPTOR_TEXTS.contentEmpty, { content: [INTERCEPTOR_TEXTS.contentEmpty] });
  return clean;
}

/** A checked interceptor as its row stores it. */
function storedInterceptor(input: z.output<typeof InterceptorInput>) {
  return { ...input, content: storedContent(input.content), is_active: input.is_active ? 1 : 0 };
}
