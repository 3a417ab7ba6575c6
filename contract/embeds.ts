/** Embedded frames: which players a frame may show, in the editor and in the resource view dialog. */

/** The default size of an embedded frame (first document: 560x315). */
export const EMBED_DEFAULT = { width: 560, height: 315 } as const;

/**
 * Frames come only from these places (the first document's safe-embed rules): the product's own
 * embed path, two video services, a file-drive preview, an audio streaming service and an audio player.
 * Each rule names the host and the path prefix that is an embeddable player (not any page of the site).
 */
const EMBED_RULES: { hosts: string[]; path: RegExp }[] = [
  { hosts: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com"], path: /^\/embed\/[\w-]+$/ },
  { hosts: ["player.vimeo.com"], path: /^\/video\/\d+$/ },
  { hosts: ["drive.google.com"], path: /^\/file\/d\/[\w-]+\/preview$/ },
  { hosts: ["open.spotify.com"], path: /^\/embed\/(track|album|playlist|episode|show|artist)\/\w+$/ },
  { hosts: ["w.soundcloud.com"], path: /^\/player\/?$/ },
];

/** The product's own embed path: relative, under /embed/. */
const OWN_EMBED = /^\/embed\/[\w./-]+$/;

/** A frame source normalized to https on an allowed host and player path, or null when it is not allowed. */
export function safeEmbedSrc(src: string | undefined): string | null {
  const value = (src ?? "").trim();
  if (value.startsWith("/") && !value.startsWith("//")) {
    const pathOnly = value.split(/[?#]/)[0]!;
    return OWN_EMBED.test(pathOnly) && !pathOnly.includes("..") ? value : null;
  }
  let url: URL;
  try {
    url = new URL(value.startsWith("//") ? `https:${value}` : value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443")) return null;
  const rule = EMBED_RULES.find((r) => r.hosts.includes(url.hostname.toLowerCase()));
  if (!rule || !rule.path.test(url.pathname)) return null;
  url.protocol = "https:";
  return url.toString();
}

/** Every host a safe embed may come from. */
export const EMBED_HOSTS = [...new Set(EMBED_RULES.flatMap((r) => r.hosts))];
