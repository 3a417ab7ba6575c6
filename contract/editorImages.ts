import { z } from "zod";

/**
 * Images authors put in an item's body from their computer (first document's editor; second document: "Image upload
 * at /corefiles/image/?v=2 with a CSRF token"). POST /corefiles/image takes one image in the part named `image` and
 * answers where it is served; the editor inserts that address.
 */
export const EDITOR_IMAGE_PART = "image";

/** Where uploaded editor images are served: /files/images/{key}.{ext}. */
export const EDITOR_IMAGE_PATH = /^\/files\/images\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|svg)$/;

export const EDITOR_IMAGE_MESSAGES = {
  required: "Choose an image to upload.",
  uploaded: "Image uploaded.",
} as const;

/** POST /corefiles/image: the image's address on this site, and its size in pixels. */
export const EditorImageResponse = z.object({
  status: z.literal("success"),
  message: z.string(),
  location: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type EditorImageResponse = z.infer<typeof EditorImageResponse>;
