import { ipcMain } from "electron";
import { ipcChannels, type IpcHandlers } from "./channels.js";

/**
 * Answers every channel of the IPC map with its handler, for trusted frames only (the configured server's pages, and
 * the app's own first-run page): a call from any other frame (an embedded page, a redirect that slipped through) is
 * refused.
 */
export function registerIpcHandlers(handlers: IpcHandlers, isTrustedFrame: (frameUrl: string | undefined) => boolean): void {
  for (const channel of ipcChannels) {
    const handler: (...args: unknown[]) => Promise<unknown> = handlers[channel];
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedFrame(event.senderFrame?.url)) {
        throw new Error(`${channel} refused: the calling page is not on the configured server.`);
      }
      return handler(...args);
    });
  }
}
