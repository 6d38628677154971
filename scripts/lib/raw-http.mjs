// A lean HTTP/1.1 keep-alive client for the benchmarks: one TCP connection, one request at a time,
// requests written as prepared bytes and answers parsed just enough (status, headers, body with
// Content-Length or chunked). Node's http client costs about a millisecond of CPU per request,
// which on a 2-core machine is taken from the server being measured; this costs a few percent.
import net from "node:net";
import { performance } from "node:perf_hooks";

const headerEnd = Buffer.from("\r\n\r\n");

/** The bytes of one request. */
export function encodeRequest(method, host, path, { body = "", headers = {} } = {}) {
  const payload = Buffer.from(body, "utf8");
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`, "Connection: keep-alive"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (method !== "GET" || payload.length > 0) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), payload]);
}

/**
 * Parses a complete response at the start of `buffer`: { status, headers, body, length } or
 * undefined when more bytes are needed.
 */
function parseResponse(buffer) {
  const end = buffer.indexOf(headerEnd);
  if (end < 0) return undefined;
  const head = buffer.toString("latin1", 0, end).split("\r\n");
  const status = Number(head[0].split(" ")[1]);
  const headers = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let offset = end + headerEnd.length;
  if (headers["transfer-encoding"]?.toLowerCase().includes("chunked")) {
    const chunks = [];
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", offset);
      if (lineEnd < 0) return undefined;
      const size = parseInt(buffer.toString("latin1", offset, lineEnd), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return undefined;
      chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    return { status, headers, body: Buffer.concat(chunks).toString("utf8"), length: offset };
  }
  const length = Number(headers["content-length"] ?? 0);
  if (buffer.length < offset + length) return undefined;
  return {
    status,
    headers,
    body: buffer.toString("utf8", offset, offset + length),
    length: offset + length,
  };
}

/**
 * Opens one keep-alive connection. `send(bytes)` resolves with { status, location, body, ms } or
 * { error, ms }; after an error or a "Connection: close" the next send reconnects.
 */
export function openConnection(host, port) {
  let socket;
  let received = Buffer.alloc(0);
  let waiting;

  const settle = (result) => {
    const current = waiting;
    waiting = undefined;
    current?.(result);
  };

  const connect = () => {
    received = Buffer.alloc(0);
    const own = net.connect({ host, port, noDelay: true });
    socket = own;
    own.on("data", (chunk) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const response = parseResponse(received);
      if (!response) return;
      received = received.subarray(response.length);
      if (response.headers.connection?.toLowerCase() === "close") {
        own.destroy();
        if (socket === own) socket = undefined;
      }
      settle({ status: response.status, location: response.headers.location, body: response.body });
    });
    const fail = (error) => {
      if (socket !== own) return;
      socket = undefined;
      settle({ error: error ?? new Error("connection closed") });
    };
    own.on("error", fail);
    own.on("close", () => fail());
  };

  return {
    send(bytes) {
      if (!socket) connect();
      const started = performance.now();
      return new Promise((resolve) => {
        waiting = (result) => resolve({ ...result, ms: performance.now() - started });
        socket.write(bytes);
      });
    },
    close() {
      socket?.destroy();
      socket = undefined;
    },
  };
}
