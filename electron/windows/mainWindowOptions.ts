import type { BrowserWindowConstructorOptions, WebPreferences } from "electron";
import type { WindowBounds } from "../services/windowBounds.js";

export const defaultWindowSize = { width: 1280, height: 820 } as const;
export const minimumWindowSize = { width: 800, height: 560 } as const;

/**
 * The web preferences of every window we create: the page runs isolated and sandboxed,
 * without Node, and reaches the main process only through the preload's DesktopBridge.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

/**
 * The web preferences of the Connect to Zoom window: as locked down, and with no preload, so Zoom's pages (and any
 * sign-in page Zoom sends the person to) get no `window.desktop`.
 */
export function connectWindowWebPreferences(): WebPreferences {
  const preferences = secureWebPreferences("");
  delete preferences.preload;
  return preferences;
}

/** Options for the main window, placed where it was last closed when `bounds` are given. */
export function mainWindowOptions(preloadPath: string, bounds?: WindowBounds): BrowserWindowConstructorOptions {
  return {
    title: "Curriculum Platform",
    width: bounds?.width ?? defaultWindowSize.width,
    height: bounds?.height ?? defaultWindowSize.height,
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: minimumWindowSize.width,
    minHeight: minimumWindowSize.height,
    show: false,
    backgroundColor: "#ffffff",
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath),
  };
}
