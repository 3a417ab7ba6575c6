import { z } from "zod";

/** The keychain entries' service name; each entry's account is a server origin. */
export const keychainService = "curriculum-commons-desktop";

/** What is kept per server: never written to disk by us, only handed to the OS keychain. */
export interface StoredTokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expires_at: number;
  /** The key (GET /providers) of the provider that issued them, to refresh them there. */
  provider?: string;
}

const StoredTokensSchema = z.strictObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().min(1).optional(),
  expires_at: z.number().int().nonnegative(),
  provider: z.string().min(1).optional(),
});

/** The three keytar calls the store uses (keytar itself in the app). */
export interface KeychainBackend {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Thrown when keytar cannot be loaded (it is an optional, native dependency): there is no fallback store. Its message
 * is for the person (the sign-in shows it); why keytar did not load (a module path, a missing library) is its cause.
 */
export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The OS keychain is not available on this computer, so the app cannot keep your sign-in. On Linux, install and start a Secret Service such as GNOME Keyring, then sign in again.", { cause });
    this.name = "KeychainUnavailableError";
  }
}

/**
 * Thrown when the keychain is there but refused to keep the tokens: above all a locked one (the Secret Service says
 * "Cannot create an item in a locked collection"). Its message is for the person; keytar's own words are its cause.
 */
export class KeychainWriteError extends Error {
  constructor(cause: unknown) {
    super("Your sign-in could not be kept in the system keychain (it may be locked). Unlock it, then sign in again.", { cause });
    this.name = "KeychainWriteError";
  }
}

/** Loads keytar only when first needed, so a missing or unbuilt module is an error at use, not a crash at start. */
export async function loadKeytar(): Promise<KeychainBackend> {
  try {
    const mod: { default?: KeychainBackend } & Partial<KeychainBackend> = await import("keytar");
    const keytar = mod.default ?? mod;
    if (typeof keytar.getPassword !== "function") throw new Error("keytar has no getPassword");
    return keytar as KeychainBackend;
  } catch (error) {
    throw new KeychainUnavailableError(error);
  }
}

/** Sign-in tokens per server origin, kept only in the OS keychain (Secret Service, Keychain, Credential Vault). */
export class TokenStore {
  private backend: Promise<KeychainBackend> | undefined;

  constructor(
    private readonly options: { service?: string; loadBackend?: () => Promise<KeychainBackend> } = {},
  ) {}

  private keychain(): Promise<KeychainBackend> {
    if (!this.backend) {
      this.backend = (this.options.loadBackend ?? loadKeytar)();
      // A failed load is retried next time (the person may install the missing piece).
      this.backend.catch(() => (this.backend = undefined));
    }
    return this.backend;
  }

  private get service(): string {
    return this.options.service ?? keychainService;
  }

  /** Resolves when the keychain can be used at all; a KeychainUnavailableError otherwise (checked before a sign-in). */
  async ensureAvailable(): Promise<void> {
    await this.keychain();
  }

  /** Stores the tokens for a server, replacing any it had. */
  async save(serverOrigin: string, tokens: StoredTokens): Promise<void> {
    const value = StoredTokensSchema.parse(tokens);
    const keychain = await this.keychain();
    try {
      await keychain.setPassword(this.service, serverOrigin, JSON.stringify(value));
    } catch (error) {
      throw new KeychainWriteError(error);
    }
  }

  /** The server's tokens, or undefined when none are kept; an entry that is not valid tokens is deleted. */
  async load(serverOrigin: string): Promise<StoredTokens | undefined> {
    const keychain = await this.keychain();
    const raw = await keychain.getPassword(this.service, serverOrigin);
    if (raw === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = StoredTokensSchema.safeParse(parsed);
    if (result.success) return result.data;
    await keychain.deletePassword(this.service, serverOrigin);
    return undefined;
  }

  /** Deletes the server's tokens (sign-out); true when there were some. */
  async remove(serverOrigin: string): Promise<boolean> {
    return (await this.keychain()).deletePassword(this.service, serverOrigin);
  }
}
