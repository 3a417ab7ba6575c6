import { app, BrowserWindow, dialog, screen } from "electron";
import { defaultServerUrl, type Settings } from "../services/settings.js";
import { restorableBounds } from "../services/windowBounds.js";
import { mainWindowOptions } from "./mainWindowOptions.js";

/** Chromium's code for a load cancelled by another navigation; not a failure worth reporting. */
const ERR_ABORTED = -3;

/** Shows the server's web app in `window`; a failed load is reported by `did-fail-load`. */
export function loadServer(window: BrowserWindow, serverUrl: string): void {
  window.loadURL(serverUrl).catch(() => {
    // did-fail-load has already offered the person a way out.
  });
}

/** Shows the app's own copy of the renderer, which asks for a server address (first run, or another server). */
export function loadFirstRunPage(window: BrowserWindow, firstRunPage: string): void {
  window.loadFile(firstRunPage).catch((error: unknown) => console.error("Could not load the first-run page", error));
}

/**
 * Opens the main window on the configured server, where and as large as it was last closed; on the first run (no
 * server yet) on the app's own page that asks for one.
 */
export function createMainWindow(preloadPath: string, settings: Settings, firstRunPage: string): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds = restorableBounds(settings.getWindowBounds(), workAreas);
  const window = new BrowserWindow(mainWindowOptions(preloadPath, bounds));
  if (bounds?.maximized) window.maximize();

  window.once("ready-to-show", () => window.show());
  window.on("close", () => {
    settings.setWindowBounds({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
  window.webContents.on("did-fail-load", (_event, errorCode, errorDescription, validatedUrl, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    void offerRecovery(window, settings, validatedUrl, errorDescription, firstRunPage);
  });

  const serverUrl = settings.getServerUrl();
  if (serverUrl) loadServer(window, serverUrl);
  else loadFirstRunPage(window, firstRunPage);
  return window;
}

/** Tells the person the server did not answer and lets them retry, choose another server, fall back to the default, or quit. */
async function offerRecovery(window: BrowserWindow, settings: Settings, url: string, reason: string, firstRunPage: string): Promise<void> {
  if (window.isDestroyed()) return;
  window.show();
  const retry = "Try again";
  const chooseAnother = "Choose another server";
  const useDefault = "Use the default server";
  const quit = "Quit";
  const buttons = settings.getServerUrl() === defaultServerUrl ? [retry, chooseAnother, quit] : [retry, chooseAnother, useDefault, quit];
  const { response } = await dialog.showMessageBox(window, {
    type: "error",
    title: "Server not reachable",
    message: `Could not load ${url}`,
    detail: `${reason}\n\nCheck that the platform server is running and that this computer can reach it.`,
    buttons,
    defaultId: 0,
    cancelId: buttons.length - 1,
  });
  if (window.isDestroyed()) return;
  const choice = buttons[response];
  if (choice === quit) {
    app.quit();
    return;
  }
  if (choice === useDefault) settings.setServerUrl(defaultServerUrl);
  const serverUrl = settings.getServerUrl();
  if (choice === chooseAnother || !serverUrl) loadFirstRunPage(window, firstRunPage);
  else loadServer(window, serverUrl);
}
