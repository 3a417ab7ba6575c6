import { ipcMain } from "electron";
import { isTrustedSender } from "../security/navigation.js";
import { ipcChannels, type IpcHandlers } from "./channels.js";

/**
 * Answers every channel of the IPC map with its handler, for pages of the configured server only:
 * a call from any other frame (an embedded page, a redirect that slipped through) is refused.
 */
export function registerIpcHandlers(handlers: IpcHandlers, serverOrigin: () => string): void {
  for (const channel of ipcChannels) {
    const handler: (...args: unknown[]) => Promise<unknown> = handlers[channel];
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event.senderFrame?.url, serverOrigin())) {
        throw new Error(`${channel} refused: the calling page is not on the configured server.`);
      }
      return handler(...args);
    });
  }
}
