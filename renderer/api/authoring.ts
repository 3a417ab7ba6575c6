import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CurriculumStartResponse,
  MESSAGES,
  ResourceCreateResponse,
  ResourceShareOptions,
  ResourceSourceResponse,
  SearchResponse,
  TemplateDetail,
  TemplateUpdateResponse,
  TemplatesResponse,
  TreesByTypeResponse,
  curriculumType,
  type CurriculumModelKey,
  type CurriculumStartRequest,
  type TemplateUpdateRequest,
} from "../../contract/index.js";
import { getJson, postForm, postJson } from "./client.js";
import { queryKeys } from "./queries.js";
import { fetchTreesByType } from "./tagging.js";

/** POST /resources/create-fetch (multipart); answers with the new resource's link in response.link. */
export function createResource(form: FormData): Promise<ResourceCreateResponse> {
  return postForm("resources/create-fetch", form, ResourceCreateResponse);
}

/** POST /resources/{uid}/source: gives a resource a new link (JSON) or replaces its file (multipart). */
export function changeResourceSource(uid: string, source: { url: string } | { file: File }): Promise<ResourceSourceResponse> {
  const path = `resources/${encodeURIComponent(uid)}/source`;
  if ("url" in source) return postJson(path, { add_resource_type: "show-url", url: source.url }, ResourceSourceResponse);
  const form = new FormData();
  form.append("add_resource_type", "show-file");
  form.append("file", source.file, source.file.name);
  return postForm(path, form, ResourceSourceResponse);
}

/** GET /resources/share-options: where the author may share. */
export function fetchShareOptions(): Promise<ResourceShareOptions> {
  return getJson("resources/share-options", ResourceShareOptions);
}

/** POST /attributes/getTreeByType/ for the resource form's categories and pricing. */
export function fetchResourceAttributeTrees(): Promise<TreesByTypeResponse> {
  return fetchTreesByType(["resource_categories", "content_pricing"]);
}

/** POST /{type}/start: starts a lesson plan, outline, project or pathway. */
export function startCurriculum(modelKey: CurriculumModelKey, request: CurriculumStartRequest): Promise<CurriculumStartResponse> {
  return postJson(`${curriculumType(modelKey)!.startPath}/start`, request, CurriculumStartResponse);
}

/** GET /curriculum/templates/{type}: the first page of 48 templates. */
export function fetchTemplates(modelKey: CurriculumModelKey): Promise<TemplatesResponse> {
  return getJson(`curriculum/templates/${modelKey}`, TemplatesResponse, { searchParams: { page: 1, limit: 48 } });
}

/** A few recent items of a type, as examples in the creator modal. */
export function fetchTypeExamples(typeParams: Record<string, string>): Promise<SearchResponse> {
  return getJson("api/search", SearchResponse, { searchParams: { ...typeParams, per: 3, sort: "-2", facets: 0 } });
}

const authoringKeys = {
  shareOptions: ["shareOptions"] as const,
  resourceTrees: ["resourceAttributeTrees"] as const,
  templates: (modelKey: string) => ["curriculumTemplates", modelKey] as const,
  examples: (type: string) => ["typeExamples", type] as const,
};

/** The author's sharing contexts (fixed for a visit). */
export function useShareOptions() {
  return useQuery({ queryKey: authoringKeys.shareOptions, queryFn: fetchShareOptions, staleTime: 5 * 60_000 });
}

/** Resource categories and content pricing trees. */
export function useResourceAttributeTrees() {
  return useQuery({ queryKey: authoringKeys.resourceTrees, queryFn: fetchResourceAttributeTrees, staleTime: Infinity });
}

/** The template chooser's templates; a failure falls back to the default template (no retry wait). */
export function useCurriculumTemplates(modelKey: CurriculumModelKey) {
  return useQuery({ queryKey: authoringKeys.templates(modelKey), queryFn: () => fetchTemplates(modelKey), staleTime: 60_000, retry: false, meta: { silent: true } });
}

/** Example items of a creatable type. */
export function useTypeExamples(type: string, params: Record<string, string>) {
  return useQuery({ queryKey: authoringKeys.examples(type), queryFn: () => fetchTypeExamples(params), staleTime: 60_000, retry: false, meta: { silent: true } });
}

/** POST /resources/create-fetch; cached searches are refetched so the new resource shows up. */
export function useCreateResourceMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createResource, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchAll }) });
}

/** POST /{type}/start; cached searches are refetched. */
export function useStartCurriculumMutation(modelKey: CurriculumModelKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (request: CurriculumStartRequest) => startCurriculum(modelKey, request), onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.searchAll }) });
}

/**
 * GET /api/templates/{uid}: a template with its sections, for its edit page (not refetched on focus, so an open editor
 * keeps its text). A refusal (401, 403, 404) is told by the page (ItemLoadProblem); other failures toast.
 */
export function useTemplate(uid: string) {
  return useQuery({
    queryKey: ["template", uid] as const,
    queryFn: () => getJson(`api/templates/${encodeURIComponent(uid)}`, TemplateDetail),
    refetchOnWindowFocus: false,
    meta: { errorMessage: MESSAGES.genericLoad, refusalsShownByScreen: true },
  });
}

/** POST /templates/{uid}/update; the chooser's cached lists are refetched so new section names show. */
export function useSaveTemplateMutation(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateUpdateRequest) => postJson(`templates/${encodeURIComponent(uid)}/update`, body, TemplateUpdateResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["curriculumTemplates"] }),
  });
}
