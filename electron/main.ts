import { fileURLToPath } from "node:url";
import { app, BrowserWindow, net, session, shell } from "electron";
import { createIpcHandlers } from "./ipc/handlers.js";
import { registerIpcHandlers } from "./ipc/registerHandlers.js";
import { guardWebContents } from "./security/guardWebContents.js";
import { httpOrigin, parseHttpUrl } from "./security/httpUrl.js";
import { isPermissionAllowed } from "./security/permissions.js";
import { createSettings, defaultServerUrl } from "./services/settings.js";
import { createMainWindow, loadServer } from "./windows/mainWindow.js";
import { secureWebPreferences } from "./windows/mainWindowOptions.js";

/** The sandboxed preload must be CommonJS; electron.vite.config.ts emits it beside out/main. */
const preloadPath = fileURLToPath(new URL("../preload/index.cjs", import.meta.url));

/** Opens a web address in the default browser; nothing else is ever handed to the system. */
async function openInBrowser(url: string): Promise<void> {
  if (parseHttpUrl(url)) await shell.openExternal(url);
}

/** Wires settings, security policy, IPC and the main window together once Electron is ready. */
function start(): void {
  const settings = createSettings();
  const serverOrigin = () => httpOrigin(settings.getServerUrl()) ?? defaultServerUrl;
  let mainWindow: BrowserWindow | undefined;

  // Every web contents, including windows the server's pages open, gets the same navigation rules.
  app.on("web-contents-created", (_event, contents) => {
    guardWebContents(contents, {
      serverOrigin,
      openExternal: openInBrowser,
      childWebPreferences: secureWebPreferences(preloadPath),
    });
  });

  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, serverOrigin()));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, serverOrigin()),
  );

  registerIpcHandlers(
    createIpcHandlers({
      settings,
      fetch: (url, init) => net.fetch(url, init),
      openExternal: openInBrowser,
      onServerUrlChanged: (url) => {
        if (mainWindow && !mainWindow.isDestroyed()) loadServer(mainWindow, url);
      },
    }),
    serverOrigin,
  );

  const showMainWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow(preloadPath, settings);
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
