import { describe, expect, it } from "vitest";
import { readSubmissionBody } from "~/infra/upload-body.server";

const boundary = "limite";
const field = (name: string, value: string) =>
  new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
const fileHeader = new TextEncoder().encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n`,
);

/** A multipart POST that streams `chunks`, then `endless` 64 KB chunks of the file (counted). */
function upload(chunks: Uint8Array[], { endless = false } = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled < chunks.length) controller.enqueue(chunks[pulled]!);
      else if (endless) controller.enqueue(new Uint8Array(64 * 1024));
      else controller.close();
      pulled++;
    },
  });
  const request = new Request("http://localhost/api/galeria/fotos", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const limits = { fileField: "photo", maxFileBytes: 8 * 1024 * 1024 };

describe("readSubmissionBody", () => {
  it("checks the fields once, when the file begins, and reads no more of it when they fail", async () => {
    const { request, pulled } = upload([field("comment", "Mi kit"), fileHeader], { endless: true });
    const seen: Array<[string, boolean]> = [];
    const body = await readSubmissionBody(request, limits, async (fields, hasFile) => {
      seen.push([String(fields.get("comment")), hasFile]);
      return { ok: false };
    });
    expect(body).toMatchObject({ ok: true, file: undefined, checked: { ok: false } });
    expect(seen).toEqual([["Mi kit", true]]);
    // The fields, the file's header and about 68 KB of it: not the 8 MB.
    expect(pulled()).toBeLessThan(8);
  });

  it("reads the file when the fields pass, and checks a body without a large part at its end", async () => {
    const photo = new Uint8Array(200 * 1024).fill(7);
    const closing = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const passed = await readSubmissionBody(
      upload([field("comment", "Hola"), fileHeader, photo, closing]).request,
      limits,
      async () => ({ ok: true }),
    );
    expect(passed.ok && passed.file?.length).toBe(photo.length);
    const small = new Uint8Array(10).fill(1);
    const checks: boolean[] = [];
    const late = await readSubmissionBody(
      upload([field("comment", "Hola"), fileHeader, small, closing]).request,
      limits,
      async (_fields, hasFile) => (checks.push(hasFile), { ok: true }),
    );
    expect(late.ok && late.file?.length).toBe(10);
    expect(checks).toEqual([true]);
  });

  it("throws on what the check itself throws (the server's fault), never calling it the client's", async () => {
    const failing = async () => {
      throw new Error("database down");
    };
    await expect(
      readSubmissionBody(
        upload([field("comment", "x"), fileHeader], { endless: true }).request,
        limits,
        failing,
      ),
    ).rejects.toThrow("database down");
    const closing = new TextEncoder().encode(`--${boundary}--\r\n`);
    await expect(
      readSubmissionBody(upload([field("comment", "x"), closing]).request, limits, failing),
    ).rejects.toThrow("database down");
  });
});
