/** The link prefixes of content (server/presenters/modelTypes.ts): an item's page is /{prefix}/{uid}, its editor that plus /edit. */
export const CONTENT_TYPE_PATHS = ["resources", "lesson-plans", "collections", "outlines", "projects", "pathways", "pages", "groups", "announcements"] as const;
