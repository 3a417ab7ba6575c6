import type { DesktopBridge, DesktopSession, SetServerUrlResult, SignInResult, SignOutResult } from "./bridge.js";

/**
 * Every IPC channel between preload and main: the arguments the page sends and what main answers.
 * Declared once; the preload invokes these channels and main handles exactly these.
 */
export interface IpcChannelMap {
  "app:getServerUrl": { request: []; response: string | null };
  "app:setServerUrl": { request: [url: string]; response: SetServerUrlResult };
  "app:openExternal": { request: [url: string]; response: void };
  "auth:signIn": { request: [provider: string]; response: SignInResult };
  "auth:signOut": { request: []; response: SignOutResult };
  "auth:getSession": { request: []; response: DesktopSession };
  "auth:getAccessToken": { request: []; response: string | null };
  "auth:refreshAccessToken": { request: [rejected: string]; response: string | null };
}

export type IpcChannel = keyof IpcChannelMap;
export type IpcRequest<C extends IpcChannel> = IpcChannelMap[C]["request"];
export type IpcResponse<C extends IpcChannel> = IpcChannelMap[C]["response"];

/** The channel behind each bridge method. */
export const bridgeChannels = {
  getServerUrl: "app:getServerUrl",
  setServerUrl: "app:setServerUrl",
  openExternal: "app:openExternal",
  signIn: "auth:signIn",
  signOut: "auth:signOut",
  getSession: "auth:getSession",
  getAccessToken: "auth:getAccessToken",
  refreshAccessToken: "auth:refreshAccessToken",
} as const satisfies { [M in keyof DesktopBridge]: IpcChannel };

/** Every channel main must answer. */
export const ipcChannels: readonly IpcChannel[] = Object.values(bridgeChannels);

/**
 * Main's side of the map. Arguments arrive as `unknown` because the page that sent them is
 * not trusted to have sent what the types say; each handler validates its own.
 */
export type IpcHandlers = {
  [C in IpcChannel]: (...args: unknown[]) => Promise<IpcResponse<C>>;
};
