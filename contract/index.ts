/** The HTTP contract: zod schemas and types per area, with the spec's limits and message texts. */
export * from "./common.js";
export * from "./auth.js";
export * from "./search.js";
export * from "./searchParams.js";
export * from "./favorites.js";
export * from "./config.js";
export * from "./attributes.js";
export * from "./create.js";
export * from "./resource.js";
export * from "./bulkImport.js";
export * from "./curriculum.js";
export * from "./desktop.js";
export * from "./editor.js";
export * from "./tagging.js";
export * from "./contentActions.js";
export * from "./thumbnail.js";
export * from "./export.js";
