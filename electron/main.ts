import { fileURLToPath, pathToFileURL } from "node:url";
import { app, BrowserWindow, net, session, shell } from "electron";
import { createIpcHandlers } from "./ipc/handlers.js";
import { registerIpcHandlers } from "./ipc/registerHandlers.js";
import { guardWebContents } from "./security/guardWebContents.js";
import { httpOrigin, parseHttpUrl } from "./security/httpUrl.js";
import { isTrustedCall } from "./security/navigation.js";
import { isPermissionAllowed } from "./security/permissions.js";
import { authorizeServerRequests } from "./security/serverAuthorization.js";
import { DesktopAuth } from "./services/desktopAuth.js";
import { TokenStore } from "./services/keychain.js";
import { createSettings } from "./services/settings.js";
import { createMainWindow, loadServer } from "./windows/mainWindow.js";
import { connectWindowWebPreferences, secureWebPreferences } from "./windows/mainWindowOptions.js";

/** The sandboxed preload must be CommonJS; electron.vite.config.ts emits it beside out/main. */
const preloadPath = fileURLToPath(new URL("../preload/index.cjs", import.meta.url));
/** The app's own build of the renderer, shown only to ask for a server address (first run). */
const firstRunPage = fileURLToPath(new URL("../renderer/index.html", import.meta.url));
const firstRunPageUrl = pathToFileURL(firstRunPage).href;

/** True for the app's first-run page (any hash route of it), the one local page that may use the bridge. */
function isFirstRunPage(frameUrl: string | undefined): boolean {
  return frameUrl !== undefined && frameUrl.split(/[?#]/)[0] === firstRunPageUrl;
}

/** Opens a web address in the default browser; nothing else is ever handed to the system. */
async function openInBrowser(url: string): Promise<void> {
  if (parseHttpUrl(url)) await shell.openExternal(url);
}

/** Wires settings, security policy, IPC and the main window together once Electron is ready. */
function start(): void {
  const settings = createSettings();
  // No server yet (first run): no origin is trusted for navigation.
  const serverOrigin = () => httpOrigin(settings.getServerUrl()) ?? "";
  let mainWindow: BrowserWindow | undefined;
  const auth = new DesktopAuth({ tokenStore: new TokenStore(), fetch: (url, init) => net.fetch(url, init), openExternal: openInBrowser, signedOut: settings.signedOut });
  // Silent sign-in: the keychain's tokens for this server are loaded, and renewed if they ran out, before the page asks.
  void auth.restore(settings.getServerUrl()).catch((error: unknown) => console.error("Could not restore the sign-in", error));

  // Every web contents, including windows the server's pages open, gets the same navigation rules.
  app.on("web-contents-created", (_event, contents) => {
    guardWebContents(contents, {
      serverOrigin,
      openExternal: openInBrowser,
      childWebPreferences: secureWebPreferences(preloadPath),
      connectWindowWebPreferences: connectWindowWebPreferences(),
    });
  });

  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, serverOrigin()));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, serverOrigin()),
  );
  // The page's <img>, <iframe>, media and links to the server's /files/... carry the sign-in as its API calls do.
  authorizeServerRequests(session.defaultSession.webRequest, {
    serverOrigin,
    accessToken: () => auth.currentAccessToken(settings.getServerUrl()),
  });

  registerIpcHandlers(
    createIpcHandlers({
      settings,
      fetch: (url, init) => net.fetch(url, init),
      auth,
      openExternal: openInBrowser,
      onServerUrlChanged: (url) => {
        void auth.restore(url).catch(() => undefined);
        if (mainWindow && !mainWindow.isDestroyed()) loadServer(mainWindow, url);
      },
    }),
    (frameUrl, channel) => isTrustedCall(channel, frameUrl, serverOrigin(), isFirstRunPage),
  );

  const showMainWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow(preloadPath, settings, firstRunPage);
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  };
  app.on("second-instance", showMainWindow);
  app.on("activate", showMainWindow);
  showMainWindow();
}

// Sandbox every renderer, including any a future change forgets to configure.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error("The desktop client could not start", error);
    app.exit(1);
  });
}
