import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";
import { buildOpenApi } from "../../contract/openapi.js";

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: { "application/json": { schema: object } } }> }>> };

/**
 * A check that an answer fits what the API reference (the OpenAPI document built from contract/) documents for
 * its method, path and status: `fits("get", "/feeds/by-type/{modelKey}/{modelId}", res)`.
 */
export function apiReferenceCheck(): (method: string, path: string, res: { status: number; body: unknown }) => void {
  const doc = buildOpenApi() as unknown as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return (method, path, res) => {
    const documented = doc.paths[path]?.[method]?.responses[String(res.status)];
    expect(documented, `${method} ${path} documents ${res.status}`).toBeDefined();
    // A documented answer without content (a 204) has no body.
    if (!documented!.content) return void expect([undefined, null, ""], `${method} ${path} ${res.status} has no body`).toContainEqual(res.body);
    const validate = ajv.compile(documented!.content["application/json"].schema);
    expect(validate(res.body) ? [] : validate.errors, `${method} ${path} ${res.status}`).toEqual([]);
  };
}
