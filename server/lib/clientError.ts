import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** What Node's HTTP parser refuses before Express sees the request, in words (its own answers have no body). */
const PARSER_REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's address or headers are too long."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "The request's chunk extensions are too long."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive."],
};
const MALFORMED: [number, string] = [400, "The request is not valid HTTP."];

/**
 * Answers requests Node's parser refuses (a URL or headers past its 16 KB limit, malformed HTTP) with a JSON
 * message, as every other refusal is answered, instead of Node's bare status line. As Node does by default, a
 * socket that can no longer be written, or whose answer has started, is only closed.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const started = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;
    if (err.code === "ECONNRESET" || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const [status, message] = PARSER_REFUSALS[err.code ?? ""] ?? MALFORMED;
    const body = JSON.stringify({ message });
    const reason = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large" }[status];
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
