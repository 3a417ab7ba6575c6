/** The desktop bridge's types live in the contract, where the renderer can import them too. */
export type { DesktopBridge, DesktopSession, SetServerUrlResult, SignInResult, SignOutResult } from "../../contract/desktop.js";
