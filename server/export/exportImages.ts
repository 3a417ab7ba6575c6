import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../db/connection.js";
import type { Actor } from "../lib/actor.js";
import { readGrants } from "../models/content.js";
import { findEditorImage } from "../models/editorImages.js";
import { findUploadedFile } from "../models/resources.js";
import { findThumbnailByImageKey } from "../models/thumbnails.js";
import { contentObjectPolicy } from "../policies/index.js";
import type { FileStorage } from "../storage/fileStorage.js";

/** An image an export embeds: its bytes and type (PNG, JPEG or GIF, which every format can hold). */
export interface ExportImage {
  data: Buffer;
  mimeType: "image/png" | "image/jpeg" | "image/gif";
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const EMBEDDABLE: Record<string, ExportImage["mimeType"]> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

/**
 * The addresses that are not on the public internet: this host, private networks, link-local, CGNAT, benchmarking,
 * multicast and reserved ranges, and IPv6's own (unspecified, loopback and IPv4-compatible in ::/96, NAT64, unique
 * local, link-local, multicast). A BlockList also matches an IPv4-mapped IPv6 address (::ffff:7f00:1, however written)
 * against the IPv4 ranges, which a string prefix test missed: the URL parser writes [::ffff:127.0.0.1] in hex.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 3]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [["::", 96], ["64:ff9b::", 96], ["64:ff9b:1::", 48], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** True for an address on the public internet (see NOT_PUBLIC); false for anything that is not an IP address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A DNS lookup that refuses private addresses, used for the connection itself (so a rebinding name cannot slip through). */
const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
    if (err) return callback(err, "", 0);
    if (!isPublicAddress(address as string)) return callback(new Error("Refusing a private address"), "", 0);
    callback(null, address as string, family);
  });
};

/** Fetches an image from a public http(s) address: no redirects, 5 s, at most 5 MB; null on any failure. */
function fetchPublicImage(url: URL): Promise<Buffer | null> {
  if (net.isIP(url.hostname.replace(/^\[|\]$/g, "")) && !isPublicAddress(url.hostname.replace(/^\[|\]$/g, ""))) return Promise.resolve(null);
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve) => {
    const request = get(url, { lookup: publicOnlyLookup, timeout: FETCH_TIMEOUT_MS, headers: { accept: "image/*" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_IMAGE_BYTES) {
          request.destroy();
          resolve(null);
        } else chunks.push(chunk);
      });
      response.on("end", () => resolve(Buffer.concat(chunks)));
      response.on("error", () => resolve(null));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
  });
}

/** Keeps bytes only when their content is an embeddable image. */
async function asImage(data: Buffer | null): Promise<ExportImage | null> {
  if (!data) return null;
  const type = await fileTypeFromBuffer(data);
  const mimeType = type ? EMBEDDABLE[type.ext] : undefined;
  return mimeType ? { data, mimeType } : null;
}

const OWN_FILE = /^\/files\/(uploaded|thumbnails)\/([A-Za-z0-9_-]{16,64})$/;
/** An image uploaded from the editor: served to whoever has its address, so an export reads it too. */
const EDITOR_IMAGE = /^\/files\/images\/([A-Za-z0-9_-]{16,64})\.\w+$/;

/**
 * Loads the images of an export once each: files stored here (after the reader's view check) straight from
 * storage, other images from public http(s) addresses only. Unavailable images are left out (null).
 */
export function exportImageLoader(db: Db, storage: FileStorage, actor: Actor, origin: string) {
  const cache = new Map<string, Promise<ExportImage | null>>();

  const loadOwn = async (kind: string, key: string): Promise<ExportImage | null> => {
    const owner = kind === "uploaded" ? (await findUploadedFile(db, key))?.content : await findThumbnailByImageKey(db, key);
    if (!owner || !contentObjectPolicy.canView(actor, owner, owner.visibility === "restricted" ? await readGrants(db, owner.id) : undefined)) return null;
    return asImage(await storage.get(key));
  };

  // The site's origin alone (a PUBLIC_URL may carry a path).
  const siteOrigin = URL.parse(origin)?.origin ?? origin;
  const load = async (src: string): Promise<ExportImage | null> => {
    let url: URL;
    try {
      url = new URL(src, siteOrigin);
    } catch {
      return null;
    }
    const own = url.origin === siteOrigin ? OWN_FILE.exec(url.pathname) : null;
    if (own) return loadOwn(own[1]!, own[2]!);
    const editorImage = url.origin === siteOrigin ? EDITOR_IMAGE.exec(url.pathname) : null;
    if (editorImage) return (await findEditorImage(db, editorImage[1]!)) ? asImage(await storage.get(editorImage[1]!)) : null;
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return asImage(await fetchPublicImage(url));
  };

  return (src: string): Promise<ExportImage | null> => {
    let pending = cache.get(src);
    if (!pending) cache.set(src, (pending = load(src)));
    return pending;
  };
}

export type ExportImageLoader = ReturnType<typeof exportImageLoader>;

/** An image as a data: URL (for the HTML and PDF exports, which then need no network). */
export const imageDataUrl = (image: ExportImage) => `data:${image.mimeType};base64,${image.data.toString("base64")}`;
