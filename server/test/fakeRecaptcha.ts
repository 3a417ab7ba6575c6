import http from "node:http";
import { listenLocal, readBody, sendJson } from "./localHttp.js";

/** A check the fake received: the form fields the server posted, and how it sent them. */
export interface FakeRecaptchaRequest {
  contentType: string | undefined;
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface FakeRecaptcha {
  /** Its siteverify address, to give the server as RECAPTCHA_VERIFY_URL. */
  url: string;
  /** The checks it answered, oldest first. */
  requests: FakeRecaptchaRequest[];
  close(): Promise<void>;
}

/** The token the fake accepts (as Google accepts the answer of a ticked box); any other is refused. */
export const FAKE_RECAPTCHA_PASS = "ticked-box-token";

/**
 * A stand-in for Google's reCAPTCHA siteverify (POST /recaptcha/api/siteverify, form-encoded secret, response and
 * remoteip), which cannot be reached from the machines the tests run on. It answers as Google does: a wrong secret gets
 * success false with "invalid-input-secret"; the token FAKE_RECAPTCHA_PASS gets success true; "fail" answers 500,
 * "garbage" an HTML page, "slow" never answers; any other token gets success false with "invalid-input-response".
 */
export async function startFakeRecaptcha(options: { secret: string; port?: number; host?: string }): Promise<FakeRecaptcha> {
  const requests: FakeRecaptchaRequest[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/recaptcha/api/siteverify") return sendJson(res, 404, { error: "Not found" });
      const form = new URLSearchParams(await readBody(req));
      const check = { contentType: req.headers["content-type"], secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") };
      requests.push(check);
      if (check.secret !== options.secret) return sendJson(res, 200, { success: false, "error-codes": ["invalid-input-secret"] });
      if (check.response === "slow") return; // held open until the server gives up (or the fake closes)
      if (check.response === "fail") return sendJson(res, 500, { error: "Internal error" });
      if (check.response === "garbage") return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Service Unavailable</body></html>");
      if (check.response === FAKE_RECAPTCHA_PASS) return sendJson(res, 200, { success: true, challenge_ts: new Date().toISOString(), hostname: "127.0.0.1" });
      sendJson(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
    })();
  });
  const local = await listenLocal(server, options);
  return { url: `${local.url}/recaptcha/api/siteverify`, requests, close: local.close };
}
