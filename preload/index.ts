import { contextBridge, ipcRenderer } from "electron";
import type { DesktopBridge } from "../electron/ipc/bridge.js";
import { bridgeChannels, type IpcChannel, type IpcRequest, type IpcResponse } from "../electron/ipc/channels.js";

/** A bridge method that sends its arguments over `channel` and resolves with main's answer. */
function invoker<C extends IpcChannel>(channel: C) {
  return (...args: IpcRequest<C>): Promise<IpcResponse<C>> => ipcRenderer.invoke(channel, ...args);
}

/** Named methods only: the page never sees ipcRenderer or a channel name of its choosing. */
const bridge = {
  getServerUrl: invoker(bridgeChannels.getServerUrl),
  setServerUrl: invoker(bridgeChannels.setServerUrl),
  openExternal: invoker(bridgeChannels.openExternal),
  signIn: invoker(bridgeChannels.signIn),
  signOut: invoker(bridgeChannels.signOut),
  getSession: invoker(bridgeChannels.getSession),
  getAccessToken: invoker(bridgeChannels.getAccessToken),
  refreshAccessToken: invoker(bridgeChannels.refreshAccessToken),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld("desktop", bridge);
