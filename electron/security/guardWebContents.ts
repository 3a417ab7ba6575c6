import type { WebContents, WebPreferences } from "electron";
import { decideConnectWindowNavigation, decideNavigation, isConnectWindowUrl } from "./navigation.js";

/** What the guard needs to know; passed in so it can be exercised without Electron. */
export interface NavigationGuardOptions {
  /** The configured server's origin, read on every request so a changed server applies at once. */
  serverOrigin: () => string;
  /** Hands an http(s) address to the default browser. */
  openExternal: (url: string) => Promise<void>;
  /** webPreferences for windows the server's own pages open. */
  childWebPreferences: WebPreferences;
  /** webPreferences for the Connect to Zoom window: as secure, and without the preload (it shows other sites). */
  connectWindowWebPreferences: WebPreferences;
}

type GuardedContents = Pick<WebContents, "on" | "setWindowOpenHandler">;

/** The web contents of Connect to Zoom windows, which may follow Zoom's pages (`decideConnectWindowNavigation`). */
const connectWindows = new WeakSet<object>();

/**
 * Keeps a web contents on the configured server: navigations, server redirects and new windows
 * elsewhere are stopped, web addresses among them open in the default browser instead, and
 * `<webview>` tags are never attached. The one exception is a window the server's pages open at the Connect to Zoom
 * address: it has no bridge and may follow https pages (Zoom's consent and sign-in) back to the server's callback.
 */
export function guardWebContents(contents: GuardedContents, options: NavigationGuardOptions): void {
  const sendToBrowser = (url: string) => {
    options.openExternal(url).catch((error: unknown) => {
      console.error(`Could not open ${url} in the default browser`, error);
    });
  };

  const handleNavigation = (event: { preventDefault(): void }, url: string) => {
    const decide = connectWindows.has(contents) ? decideConnectWindowNavigation : decideNavigation;
    const decision = decide(url, options.serverOrigin());
    if (decision === "allow") return;
    event.preventDefault();
    if (decision === "open-external") sendToBrowser(url);
  };

  contents.on("will-navigate", (event) => handleNavigation(event, event.url));
  contents.on("will-redirect", (event) => {
    if (event.isMainFrame) handleNavigation(event, event.url);
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());

  // The window opened at the server's connect address is marked before its first redirect (to Zoom) arrives.
  contents.on("did-create-window", (window, details) => {
    if (isConnectWindowUrl(details.url, options.serverOrigin())) connectWindows.add(window.webContents);
  });

  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, options.serverOrigin());
    if (decision === "allow" && isConnectWindowUrl(url, options.serverOrigin())) {
      return { action: "allow", overrideBrowserWindowOptions: { webPreferences: options.connectWindowWebPreferences } };
    }
    if (decision === "allow") {
      return { action: "allow", overrideBrowserWindowOptions: { webPreferences: options.childWebPreferences } };
    }
    if (decision === "open-external") sendToBrowser(url);
    return { action: "deny" };
  });
}
