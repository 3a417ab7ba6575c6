import { desktopPlatform } from "./desktopPlatform.js";
import type { Platform } from "./types.js";
import { webPlatform } from "./webPlatform.js";

export type { DesktopBridge, Platform, PreferenceStorage } from "./types.js";

/** The one platform the renderer talks to; it never asks whether it runs in Electron. */
export const platform: Platform = window.desktop ? desktopPlatform(window.desktop) : webPlatform;
