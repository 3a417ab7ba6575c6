import { ipcMain } from "electron";
import { ipcChannels, type IpcChannel, type IpcHandlers } from "./channels.js";

/**
 * Answers every channel of the IPC map with its handler, for trusted frames only (the configured server's pages, and
 * the app's own first-run page, each for its own channels): a call from any other frame (an embedded page, a redirect
 * that slipped through) is refused.
 */
export function registerIpcHandlers(handlers: IpcHandlers, isTrustedFrame: (frameUrl: string | undefined, channel: IpcChannel) => boolean): void {
  for (const channel of ipcChannels) {
    const handler: (...args: unknown[]) => Promise<unknown> = handlers[channel];
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedFrame(event.senderFrame?.url, channel)) {
        throw new Error(`${channel} refused: the calling page may not use it (not on the configured server, or not its own channel).`);
      }
      return handler(...args);
    });
  }
}
