import { describe, expect, it } from "vitest";
import { maxFormBytes, readFormBody, requireFormData } from "~/infra/request-body.server";

const urlencoded = "application/x-www-form-urlencoded";

/** A POST whose body arrives in `chunks` without a declared length, as a chunked upload does. */
function chunkedPost(chunks: Uint8Array[], contentType = urlencoded) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled < chunks.length) controller.enqueue(chunks[pulled++]!);
      else controller.close();
    },
  });
  const request = new Request("http://localhost/contacto", {
    method: "POST",
    headers: { "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readFormBody", () => {
  it("reads a urlencoded form and a multipart form", async () => {
    const plain = await readFormBody(
      new Request("http://localhost/", {
        method: "POST",
        headers: { "content-type": urlencoded },
        body: "nombre=Ana+P%C3%A9rez&x=1",
      }),
    );
    expect(plain.ok && plain.formData.get("nombre")).toBe("Ana Pérez");

    const form = new FormData();
    form.set("email", "ana@example.cl");
    const multipart = await readFormBody(new Request("http://localhost/", { method: "POST", body: form }));
    expect(multipart.ok && multipart.formData.get("email")).toBe("ana@example.cl");
  });

  it("stops reading a chunked body at the limit (413) without pulling the rest", async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const { request, pulled } = chunkedPost(Array.from({ length: 1000 }, () => chunk));
    expect(await readFormBody(request)).toEqual({ ok: false, status: 413 });
    expect(pulled()).toBeLessThan(maxFormBytes / chunk.byteLength + 3);
  });

  it("refuses a declared length over the limit before reading (413)", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": urlencoded, "content-length": String(maxFormBytes + 1) },
      body: "a=1",
    });
    expect(await readFormBody(request)).toEqual({ ok: false, status: 413 });
  });

  it("refuses what is not a form (415) and a broken multipart body (400)", async () => {
    const post = (contentType: string | undefined, body: string) =>
      new Request("http://localhost/", {
        method: "POST",
        headers: contentType ? { "content-type": contentType } : {},
        body,
      });
    expect(await readFormBody(post("application/json", "{}"))).toEqual({ ok: false, status: 415 });
    expect(await readFormBody(post("text/plain", "a=1"))).toEqual({ ok: false, status: 415 });
    const untyped = post(undefined, "a=1");
    untyped.headers.delete("content-type");
    expect(await readFormBody(untyped)).toEqual({ ok: false, status: 415 });
    expect(await readFormBody(post("multipart/form-data; boundary=x", "--x\r\nbroken"))).toEqual({
      ok: false,
      status: 400,
    });
  });

  it("requireFormData throws the 4xx answer with the Spanish reason", async () => {
    const { request } = chunkedPost([new Uint8Array(maxFormBytes + 1)]);
    const thrown = await requireFormData(request).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      init: { status: 413 },
      data: expect.stringContaining("demasiado grande"),
    });
  });
});
