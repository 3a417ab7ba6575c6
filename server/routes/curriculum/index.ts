import { Router } from "express";
import {
  CREATE_MESSAGES,
  CURRICULUM_MESSAGES,
  CURRICULUM_TYPES,
  CurriculumStartRequest,
  EDITOR_MESSAGES,
  MESSAGES,
  TemplateUpdateRequest,
  TemplatesQuery,
  curriculumType,
  type TemplateUpdateResponse,
  type CurriculumStartResponse,
  type TemplatesResponse,
} from "../../../contract/index.js";
import { startCurriculum } from "../../commands/startCurriculum.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { findTemplate, findTemplateByUid, listTemplateSections, listTemplates, updateTemplate } from "../../models/curriculumTemplates.js";
import { authorize, curriculumPolicy } from "../../policies/index.js";
import { itemLink } from "../../presenters/editableItem.js";
import { presentTemplate, presentTemplateDetail } from "../../presenters/curriculumTemplate.js";
import { creatableTypes } from "../app/index.js";

/** The template a link names, or a 404. */
async function loadTemplate(db: Db, uid: string) {
  const template = await findTemplateByUid(db, uid);
  if (!template) throw new HttpError(404, MESSAGES.notFound);
  return template;
}

/**
 * Starting curriculum items (POST /{type}/start), the template chooser's list (GET /curriculum/templates/{type})
 * and managing a template (GET /api/templates/{uid}, POST /templates/{uid}/update).
 */
export function curriculumRouter(db: Db): Router {
  const router = Router();

  for (const type of CURRICULUM_TYPES) {
    router.post(`/${type.startPath}/start`, async (req, res) => {
      authorize(req.actor, curriculumPolicy.canStart(req.actor, type.modelKey, await creatableTypes(db)), CREATE_MESSAGES.typeNotCreatable);
      const body = parseOr422(CurriculumStartRequest, req.body ?? {});
      const template = body.template_id === undefined ? null : await findTemplate(db, body.template_id, type.modelKey);
      if (body.template_id !== undefined && !template) throw new HttpError(422, CURRICULUM_MESSAGES.templateInvalid, { template_id: [CURRICULUM_MESSAGES.templateInvalid] });
      const content = await startCurriculum(db, { modelKey: type.modelKey, ownerId: req.actor.profile!.id, title: body.title, introduction: body.introduction, templateId: template?.id ?? null });
      const answer: CurriculumStartResponse = {
        status: "success",
        message: CURRICULUM_MESSAGES.created(type.label),
        data: { id: content.id, link: itemLink(content), title: content.title, template_id: template?.id ?? null },
      };
      res.json(answer);
    });
  }

  router.get("/curriculum/templates/:type", async (req, res) => {
    authorize(req.actor, curriculumPolicy.canListTemplates(req.actor));
    const type = curriculumType(req.params.type) ?? CURRICULUM_TYPES.find((t) => t.startPath === req.params.type);
    if (!type) throw new HttpError(404, CURRICULUM_MESSAGES.unknownType);
    const { page, limit } = parseOr422(TemplatesQuery, req.query);
    const { rows, total } = await listTemplates(db, type.modelKey, page, limit);
    const answer: TemplatesResponse = {
      data: rows.map((r) => presentTemplate(r, req.actor)),
      total,
      meta: { total, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)), per_page: limit },
    };
    res.json(answer);
  });

  router.get("/api/templates/:uid", async (req, res) => {
    authorize(req.actor, curriculumPolicy.canListTemplates(req.actor));
    const template = await loadTemplate(db, req.params.uid);
    res.json(presentTemplateDetail(template, await listTemplateSections(db, template.id), req.actor));
  });

  router.post("/templates/:uid/update", async (req, res) => {
    const template = await loadTemplate(db, req.params.uid);
    authorize(req.actor, curriculumPolicy.canEditTemplate(req.actor, template));
    const body = parseOr422(TemplateUpdateRequest, req.body ?? {});
    await updateTemplate(db, template.id, body);
    const stored = await loadTemplate(db, template.uid);
    const answer: TemplateUpdateResponse = { status: "success", message: EDITOR_MESSAGES.saved, template: presentTemplateDetail(stored, await listTemplateSections(db, stored.id), req.actor) };
    res.json(answer);
  });
  return router;
}
