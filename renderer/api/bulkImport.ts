import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BulkImport,
  IMPORT_POLL_MS,
  ImportedItems,
  ImportUploadResponse,
  OwnerAutocomplete,
  type ImportSettings,
  type UserMappings,
} from "../../contract/index.js";
import { getJson, postFormWithProgress, postJson } from "./client.js";

const importLink = (id: string) => `api/bulk-importer/imports/${encodeURIComponent(id)}`;

/** POST /api/bulk-importer/resource/upload with progress; answers the redirect to the import's page. */
export function uploadImportFile(file: File, onProgress: (fraction: number) => void): Promise<ImportUploadResponse> {
  const form = new FormData();
  form.append("file", file);
  return postFormWithProgress("api/bulk-importer/resource/upload", form, ImportUploadResponse, onProgress);
}

/** POST {link}/upload-new-file: a corrected file for an import whose rows had errors. */
export function uploadNewImportFile(id: string, file: File, onProgress: (fraction: number) => void): Promise<BulkImport> {
  const form = new FormData();
  form.append("file", file);
  return postFormWithProgress(`${importLink(id)}/upload-new-file`, form, BulkImport, onProgress);
}

/** Where the sample file is downloaded from (a plain link: the browser saves it). */
export const sampleFileUrl = (format: "csv" | "xlsx") => `/api/bulk-importer/resource/sample?format=${format}`;

export const importKeys = {
  one: (id: string) => ["bulkImport", id] as const,
  items: (id: string, page: number) => ["bulkImport", id, "items", page] as const,
  owners: (term: string) => ["ownerAutocomplete", term] as const,
};

/** An import; polled every 5 seconds while it is created or processing (and has not failed). */
export function useImport(id: string) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: () => getJson(importLink(id), BulkImport),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && ["created", "processing"].includes(data.status) && !data.import_results_summary.error ? IMPORT_POLL_MS : false;
    },
    meta: { silent: true },
  });
}

/** A page of what a completed import created (16 per page). */
export function useImportedItems(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.items(id, page),
    queryFn: () => getJson(`${importLink(id)}/imported-items?page=${page}`, ImportedItems),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Profiles and groups for the content owner setting (GET /profile/autocomplete/change-ownership). */
export function useOwnerSearch(term: string) {
  return useQuery({
    queryKey: importKeys.owners(term),
    queryFn: () => getJson(`profile/autocomplete/change-ownership?st=${encodeURIComponent(term)}`, OwnerAutocomplete),
    enabled: term.trim().length >= 1,
    staleTime: 30_000,
  });
}

/** The import's writes; each answers the import, which replaces the cached one. */
export function useImportActions(id: string) {
  const client = useQueryClient();
  const settle = (data: BulkImport) => client.setQueryData(importKeys.one(id), data);
  return {
    saveMappings: useMutation({ mutationFn: (userMappings: UserMappings) => postJson(`${importLink(id)}/user-mappings`, { userMappings }, BulkImport), onSuccess: settle }),
    saveSettings: useMutation({ mutationFn: (importSettings: ImportSettings) => postJson(`${importLink(id)}/import-settings`, { importSettings }, BulkImport), onSuccess: settle }),
    start: useMutation({ mutationFn: () => postJson(`${importLink(id)}/start`, {}, BulkImport), onSuccess: settle }),
    retry: useMutation({ mutationFn: () => postJson(`${importLink(id)}/retry`, {}, BulkImport), onSuccess: settle }),
  };
}
