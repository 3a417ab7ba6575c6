import net from "node:net";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../test/useServer.js";

/** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests Node's HTTP parser refuses", () => {
  const { server } = useTestServer();

  it("answers a search URL past the header limit with a JSON 431 and a message, not an empty answer", async () => {
    const res = await fetch(`${server.url}/api/search?st=${"a".repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: "The request's address or headers are too long." });
  });

  it("answers malformed HTTP with a JSON 400", async () => {
    const answer = await rawRequest(server.url, "GARBAGE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain("Content-Type: application/json");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ message: "The request is not valid HTTP." });
  });

  it("still answers ordinary requests on the same server", async () => {
    expect((await fetch(`${server.url}/api/search?st=abc`)).status).toBe(200);
  });
});
