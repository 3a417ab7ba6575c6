import type { Response } from "express";
import { ZOOM_CONNECTED_MESSAGE, ZOOM_CONNECTED_SCRIPT_PATH } from "../../../contract/index.js";

/**
 * The script the callback page runs: tells the window that opened the popup (same origin only) that Zoom is connected,
 * and closes the popup. A BroadcastChannel carries the same message in case the popup lost its opener on the way
 * through Zoom's pages (a browser or extension that severs cross-origin openers).
 */
export const CONNECTED_SCRIPT = `(() => {
  const message = { type: ${JSON.stringify(ZOOM_CONNECTED_MESSAGE)} };
  if (window.opener) window.opener.postMessage(message, window.location.origin);
  if ("BroadcastChannel" in window) { const channel = new BroadcastChannel(${JSON.stringify(ZOOM_CONNECTED_MESSAGE)}); channel.postMessage(message); channel.close(); }
  window.close();
})();
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The popup's small page after the callback: the outcome in words; the script only when the connection was made. */
export function callbackPage(res: Response, status: number, message: string, connected: boolean): void {
  const script = connected ? `<script src="${ZOOM_CONNECTED_SCRIPT_PATH}" defer></script>` : "";
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    // Arriving from Zoom's pages, the popup keeps its opener only if this page does not ask for a new browsing context
    // group; it holds nothing to protect, and its script posts only to our own origin.
    .setHeader("Cross-Origin-Opener-Policy", "unsafe-none")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Connect to Zoom</title>${script}</head><body><main><h1>Connect to Zoom</h1><p>${escapeHtml(message)}</p></main></body></html>`);
}
