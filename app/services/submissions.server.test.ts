import { Readable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";
import {
  formRateWindowMs,
  maxSubmissionBytes,
  readFormBody,
  resetSubmissionSlots,
  takeSubmissionSlot,
} from "~/services/submissions.server";

const url = "http://localhost/contacto";
const urlencoded = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", headers, body });
}

/** A body that counts what was read of it, and how it ended. */
function trackedStream(chunk: Uint8Array, chunks = Infinity) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) {
        controller.close();
        return;
      }
      state.pulled++;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

function streamedPost(stream: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}

describe("readFormBody", () => {
  it("reads an urlencoded form, with accents and repeated names", async () => {
    const body = new URLSearchParams([
      ["name", "  Ñandú Pérez "],
      ["tag", "a"],
      ["tag", "b"],
      ["website", ""],
    ]);
    const form = await readFormBody(post(body));
    expect([...form.entries()]).toEqual([
      ["name", "  Ñandú Pérez "],
      ["tag", "a"],
      ["tag", "b"],
      ["website", ""],
    ]);
  });

  it("accepts the content type in any case and with parameters", async () => {
    const form = await readFormBody(
      post("email=ana%40correo.cl", { "content-type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" }),
    );
    expect(form.get("email")).toBe("ana@correo.cl");
  });

  it("reads a multipart form", async () => {
    const sent = new FormData();
    sent.append("name", "María José");
    sent.append("message", "Hola\r\nmundo");
    sent.append("website", "");
    const request = post(sent);
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const form = await readFormBody(request);
    expect(form.get("name")).toBe("María José");
    expect(form.get("message")).toBe("Hola\r\nmundo");
    expect(form.get("website")).toBe("");
  });

  it("reads an empty body as an empty form", async () => {
    const form = await readFormBody(post(null, { "content-type": urlencoded }));
    expect([...form.keys()]).toEqual([]);
  });

  it("reads a body of exactly the limit", async () => {
    const value = "a".repeat(maxSubmissionBytes - "message=".length);
    const form = await readFormBody(post(`message=${value}`, { "content-type": urlencoded }));
    expect(form.get("message")).toBe(value);
  });

  it("refuses with 413 a declared length over the limit, without reading the body", async () => {
    const { stream, state } = trackedStream(new Uint8Array(16), 1);
    const request = streamedPost(stream, {
      "content-type": urlencoded,
      "content-length": String(maxSubmissionBytes + 1),
    });
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 413 });
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("refuses with 413 a declared length over a custom limit", async () => {
    await expect(
      readFormBody(post("a=12345", { "content-type": urlencoded, "content-length": "7" }), 6),
    ).rejects.toMatchObject({ status: 413 });
  });

  it("refuses with 413 an ordinary body over the limit", async () => {
    const body = new URLSearchParams({ message: "x".repeat(maxSubmissionBytes + 1) });
    await expect(readFormBody(post(body))).rejects.toMatchObject({ status: 413 });
  });

  it("refuses with 413 a streamed body over the limit without a content-length, and stops reading it", async () => {
    // An endless body: only stopping at the limit lets this test finish.
    const { stream, state } = trackedStream(new TextEncoder().encode("a=".padEnd(1024, "b")));
    const request = streamedPost(stream, { "content-type": urlencoded });
    expect(request.headers.get("content-length")).toBeNull();
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 413 });
    expect(state.cancelled).toBe(true);
    // A few chunks may be buffered ahead, not many more than the limit.
    expect(state.pulled * 1024).toBeLessThan(maxSubmissionBytes * 2);
  });

  it("reads a Node stream (the Express endpoint's request) chunk by chunk", async () => {
    const body = Readable.from([Buffer.from("name=Ana%20P"), Buffer.from("%C3%A9rez&website=")], {
      objectMode: false,
    });
    const form = await readFormBody({ contentType: urlencoded, contentLength: null, body });
    expect(form.get("name")).toBe("Ana Pérez");
    expect(form.get("website")).toBe("");
  });

  it("refuses with 413 a Node stream over the limit, and stops reading it", async () => {
    let pulled = 0;
    // An endless body: only stopping at the limit lets this test finish.
    const body = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(1024, "b"));
      },
    });
    await expect(readFormBody({ contentType: urlencoded, contentLength: null, body })).rejects.toMatchObject({
      status: 413,
    });
    expect(body.destroyed).toBe(true);
    expect(pulled * 1024).toBeLessThan(maxSubmissionBytes * 2);
  });

  it("passes on a Node stream's error", async () => {
    const body = new Readable({ read() {} });
    const reading = readFormBody({ contentType: urlencoded, contentLength: null, body });
    body.destroy(new Error("connection reset"));
    await expect(reading).rejects.toThrow("connection reset");
  });

  it("refuses with 413 a streamed multipart body over the limit", async () => {
    const { stream } = trackedStream(new Uint8Array(4096).fill(65));
    const request = streamedPost(stream, { "content-type": "multipart/form-data; boundary=xyz" });
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 413 });
  });

  it("reads a streamed body under the limit", async () => {
    const { stream } = trackedStream(new TextEncoder().encode("a=1&"), 3);
    const form = await readFormBody(streamedPost(stream, { "content-type": urlencoded }));
    expect(form.getAll("a")).toEqual(["1", "1", "1"]);
  });

  it.each([
    ["application/json", '{"name":"Ana"}'],
    ["text/plain", "name=Ana"],
    ["", "name=Ana"],
  ])("refuses with 415 the content type %j", async (type, body) => {
    const request = post(body, type ? { "content-type": type } : {});
    if (!type) request.headers.delete("content-type");
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 415 });
  });

  it("refuses with 415 before looking at the length", async () => {
    const request = post("{}", {
      "content-type": "application/json",
      "content-length": String(maxSubmissionBytes * 10),
    });
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 415 });
  });

  it("refuses with 400 a malformed multipart body", async () => {
    const request = post("this is not multipart", { "content-type": "multipart/form-data; boundary=xyz" });
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 400 });
  });

  it("refuses with 400 a multipart body without a boundary", async () => {
    const request = post("--xyz--\r\n", { "content-type": "multipart/form-data" });
    await expect(readFormBody(request)).rejects.toMatchObject({ status: 400 });
  });
});

describe("takeSubmissionSlot", () => {
  const t0 = 1_700_000_000_000;
  beforeEach(() => {
    resetSubmissionSlots();
  });

  it("allows `limit` submissions per form and IP, then refuses", () => {
    const taken = Array.from({ length: 5 }, (_, i) => takeSubmissionSlot("order", "203.0.113.1", 3, t0 + i));
    expect(taken).toEqual([true, true, true, false, false]);
  });

  it("counts each form separately", () => {
    for (let i = 0; i < 3; i++) takeSubmissionSlot("order", "203.0.113.2", 3, t0);
    expect(takeSubmissionSlot("order", "203.0.113.2", 3, t0)).toBe(false);
    expect(takeSubmissionSlot("quote", "203.0.113.2", 3, t0)).toBe(true);
    expect(takeSubmissionSlot("contact", "203.0.113.2", 3, t0)).toBe(true);
    expect(takeSubmissionSlot("newsletter", "203.0.113.2", 3, t0)).toBe(true);
  });

  it("counts each IP separately", () => {
    for (let i = 0; i < 3; i++) takeSubmissionSlot("contact", "203.0.113.3", 3, t0);
    expect(takeSubmissionSlot("contact", "203.0.113.3", 3, t0)).toBe(false);
    expect(takeSubmissionSlot("contact", "203.0.113.4", 3, t0)).toBe(true);
    expect(takeSubmissionSlot("contact", "2001:db8::1", 3, t0)).toBe(true);
  });

  it("starts a new window once the old one is over", () => {
    for (let i = 0; i < 3; i++) expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0)).toBe(true);
    expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0 + formRateWindowMs - 1)).toBe(false);
    expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0 + formRateWindowMs)).toBe(true);
    expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0 + formRateWindowMs + 1)).toBe(true);
    expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0 + formRateWindowMs + 2)).toBe(true);
    expect(takeSubmissionSlot("quote", "203.0.113.5", 3, t0 + formRateWindowMs + 3)).toBe(false);
  });

  it("windows are fixed: refused attempts do not extend them", () => {
    for (let i = 0; i < 10; i++) takeSubmissionSlot("order", "203.0.113.6", 1, t0 + i * 60_000);
    expect(takeSubmissionSlot("order", "203.0.113.6", 1, t0 + formRateWindowMs)).toBe(true);
  });

  it("forgets everything on reset", () => {
    takeSubmissionSlot("newsletter", "203.0.113.7", 1, t0);
    expect(takeSubmissionSlot("newsletter", "203.0.113.7", 1, t0)).toBe(false);
    resetSubmissionSlots();
    expect(takeSubmissionSlot("newsletter", "203.0.113.7", 1, t0)).toBe(true);
  });

  it("uses the current time by default", () => {
    expect(takeSubmissionSlot("order", "203.0.113.8", 1)).toBe(true);
    expect(takeSubmissionSlot("order", "203.0.113.8", 1)).toBe(false);
    expect(takeSubmissionSlot("order", "203.0.113.8", 1, Date.now() + formRateWindowMs + 1)).toBe(true);
  });
});
