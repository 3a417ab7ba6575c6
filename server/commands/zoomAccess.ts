import type { ServerConfig } from "../config.js";
import type { Db } from "../db/connection.js";
import { SecretBox } from "../lib/secretBox.js";
import { reauthorize, requestTokens, requireZoom, type ZoomTokens } from "../lib/zoom.js";
import { deleteTokens, findTokens, saveTokens } from "../models/thirdPartyAccounts.js";

/** A token this close to its expiry is refreshed before use (a call made with it could outlive it). */
const EXPIRY_MARGIN_MS = 60_000;

type Log = Parameters<typeof requestTokens>[2];

/** What a profile's Zoom connection needs: its tokens stored sealed, and a usable access token on demand. */
export interface ZoomAccess {
  /** Stores the tokens of a connection just made (sealed), replacing any earlier ones. */
  saveConnection(profileId: number, tokens: ZoomTokens): Promise<void>;
  /** The profile's usable access token: refreshed first when it expired (and stored), else 401 code 1005. */
  accessTokenFor(profileId: number, log: Log): Promise<string>;
}

/**
 * The Zoom tokens of this instance's profiles. Every caller has passed requireZoom. The tokens are sealed with a key
 * derived from the Zoom app's client secret, which the server has from its environment only; not the session secret,
 * which by default is kept in the database (app_config), beside the tokens it would lock.
 */
export function zoomAccess(db: Db, settings: ServerConfig["zoom"]): ZoomAccess {
  let sealer: SecretBox | null = null;
  const box = (): SecretBox => {
    requireZoom(settings);
    return (sealer ??= new SecretBox(settings.clientSecret, "third-party-account-tokens"));
  };
  const usable = (tokens: ZoomTokens) => tokens.expiresAt === null || Date.parse(tokens.expiresAt) - EXPIRY_MARGIN_MS > Date.now();
  /**
   * The last refresh of each profile's tokens, with the expired access token it replaced: Zoom's refresh tokens work
   * once, so every call that read those expired tokens shares that one refresh, in progress or done (a call that read
   * them just before the refresh stored the new ones would otherwise refresh again, with a used refresh token). Kept
   * for a minute after it settles; by then every such call has read the new tokens.
   */
  const refreshing = new Map<number, { expired: string; refreshed: Promise<string> }>();
  const REFRESH_KEPT_MS = 60_000;

  /** Refreshes an expired token and stores the new pair; 1005 (and the useless tokens forgotten) when Zoom refuses. */
  const refresh = async (profileId: number, tokens: ZoomTokens, log: Log): Promise<string> => {
    const fresh = tokens.refreshToken ? await requestTokens(settings, { grant_type: "refresh_token", refresh_token: tokens.refreshToken }, log) : null;
    if (!fresh) {
      // Another instance may have used the refresh token a moment earlier: its new tokens are as good.
      const stored = await findTokens(db, box(), profileId, "zoom");
      if (stored && stored.accessToken !== tokens.accessToken && usable(stored)) return stored.accessToken;
      await deleteTokens(db, profileId, "zoom");
      throw reauthorize();
    }
    // Zoom answers a new refresh token with each refresh; one that did not keeps the old.
    await saveTokens(db, box(), profileId, "zoom", { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken });
    return fresh.accessToken;
  };

  return {
    saveConnection: (profileId, tokens) => saveTokens(db, box(), profileId, "zoom", tokens),
    async accessTokenFor(profileId, log) {
      const tokens = await findTokens(db, box(), profileId, "zoom");
      if (!tokens) throw reauthorize();
      if (usable(tokens)) return tokens.accessToken;
      const last = refreshing.get(profileId);
      if (last?.expired === tokens.accessToken) return last.refreshed;
      const entry = { expired: tokens.accessToken, refreshed: refresh(profileId, tokens, log) };
      refreshing.set(profileId, entry);
      const forget = () => setTimeout(() => refreshing.get(profileId) === entry && refreshing.delete(profileId), REFRESH_KEPT_MS).unref();
      entry.refreshed.then(forget, forget);
      return entry.refreshed;
    },
  };
}
