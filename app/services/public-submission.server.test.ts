import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { submissionMessages } from "~/content/forms";
import { ConcurrencyLimit } from "~/lib/concurrency";
import { formNames, type FormName, type SubmissionReply } from "~/lib/submission";
import { subscribe } from "~/models/subscribers.server";
import { SubmissionRefusal, submitPublic } from "~/services/public-submission.server";
import type { Db } from "~/infra/db.server";
import { useAsProcessDatabase } from "../../tests/support/admin-requests";
import { removeAdminTestEnv } from "../../tests/support/admin-env";
import { solvedCaptcha } from "../../tests/support/captcha";
import { dialectsUnderTest, useMigratedDatabase } from "../../tests/support/databases";

/**
 * What the one way in promises every public submission whatever its model (docs/decisions/069):
 * the challenge is marked used in the save's own transaction, so a save that fails keeps nothing
 * and leaves the captcha for the next try; a save that refuses keeps the challenge spent; an
 * upload's place is given back however it ends. The forms through their routes are
 * app/routes/site/customer-forms.test.ts, cart.test.ts and gallery.test.ts.
 */
const testEnv = vi.hoisted(async () => {
  const values = (await import("../../tests/support/admin-env")).stubAdminTestEnv("submission");
  vi.stubEnv("CAPTCHA_DIFFICULTY", "50");
  return values;
});

afterAll(async () => removeAdminTestEnv(await testEnv));

const schema = z.object({ note: z.string().min(1) });
const failureMessage = "No pudimos guardar tu envío.";

function post(fields: Record<string, string>, file?: Uint8Array): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries({ website: "", note: "Hola", ...fields }))
    body.append(name, value);
  if (file) body.append("file", new Blob([new Uint8Array(file)]), "a.bin");
  return new Request("http://localhost/envio", { method: "POST", body });
}

function answer(outcome: Awaited<ReturnType<typeof submitPublic>>) {
  if (outcome.ok) return { status: 200, reply: undefined };
  return { status: outcome.refusal.init?.status, reply: outcome.refusal.data as SubmissionReply };
}

describe.each(dialectsUnderTest)("public submissions on %s", (dialect) => {
  const database = useMigratedDatabase(dialect);
  useAsProcessDatabase(database);
  let db: Db;
  beforeAll(() => {
    db = database().db;
  });

  const count = async (table: "usedCaptchaChallenges" | "subscribers") =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]
        ?.n,
    );
  const submit = (form: FormName, request: Request, save: (trx: Db) => Promise<unknown>) =>
    submitPublic({ request, context: { clientIp: "203.0.113.5" }, form, schema, failureMessage, save });

  it.each(formNames)(
    "a %s whose save fails keeps nothing, the challenge's mark included, and its captcha then sends it",
    async (form) => {
      const altcha = await solvedCaptcha(form);
      const [challenges, subscribers] = [await count("usedCaptchaChallenges"), await count("subscribers")];
      const failed = await submit(form, post({ altcha }), async (trx) => {
        // The model wrote, then failed: none of it stays.
        await subscribe(trx, `ana.${form}.${dialect}@example.cl`);
        throw new Error("disk full");
      });
      expect(answer(failed)).toMatchObject({
        status: 503,
        reply: { formMessage: failureMessage, result: { initialValue: { note: "Hola" } } },
      });
      expect(answer(failed).reply).not.toHaveProperty("captchaRejected");
      expect(answer(failed).reply?.result.initialValue).not.toHaveProperty("altcha");
      expect([await count("usedCaptchaChallenges"), await count("subscribers")]).toEqual([
        challenges,
        subscribers,
      ]);

      const sent = await submit(form, post({ altcha }), async (trx) =>
        subscribe(trx, `ana.${form}@example.cl`),
      );
      expect(sent).toMatchObject({ ok: true, value: { note: "Hola" } });
      expect(await count("usedCaptchaChallenges")).toBe(challenges + 1);
      expect(answer(await submit(form, post({ altcha }), async () => "otra vez"))).toMatchObject({
        status: 403,
        reply: { formMessage: submissionMessages.captchaInvalid, captchaRejected: true },
      });
    },
  );

  it("keeps the challenge spent when the save refuses, so each refusal costs a new proof of work", async () => {
    const altcha = await solvedCaptcha("contact");
    const refusal = new SubmissionRefusal(400, { formMessage: "No encontramos tu pedido." });
    const refused = await submit("contact", post({ altcha }), async () => refusal);
    expect(answer(refused)).toMatchObject({
      status: 400,
      reply: { formMessage: "No encontramos tu pedido.", captchaRejected: true },
    });
    const again = await submit("contact", post({ altcha }), async () => "guardado");
    expect(answer(again).status).toBe(403);
  });

  describe("an upload", () => {
    const places = new ConcurrencyLimit(1);
    const upload = (store: (file: Uint8Array, saved: string) => Promise<unknown>) => ({
      fileField: "file",
      maxFileBytes: 1024,
      messages: {
        missing: "Elige un archivo",
        tooLarge: "Muy grande",
        tooSlow: "Muy lento",
        busy: "Ocupado",
      },
      places,
      placeWaitMs: 0,
      store,
    });
    const send = (request: Request, store: (file: Uint8Array, saved: string) => Promise<unknown>) =>
      submitPublic({
        request,
        context: { clientIp: "203.0.113.6" },
        form: "gallery",
        schema,
        failureMessage,
        save: async () => "el pedido",
        upload: upload(store),
      });

    it("stores the file once its fields passed, with what the save found, and gives its place back", async () => {
      const seen: Array<[number, string]> = [];
      const stored = await send(
        post({ altcha: await solvedCaptcha("gallery") }, new Uint8Array(10)),
        async (file, saved) => {
          seen.push([file.length, saved]);
          return "foto-1";
        },
      );
      expect(stored).toMatchObject({ ok: true, stored: "foto-1" });
      expect(seen).toEqual([[10, "el pedido"]]);
      expect(places.running).toBe(0);
    });

    it("gives its place back and asks for a new captcha when storing fails or is refused; a file too large is said next to it", async () => {
      const failing = await send(
        post({ altcha: await solvedCaptcha("gallery") }, new Uint8Array(10)),
        async () => {
          throw new Error("bucket down");
        },
      );
      expect(answer(failing)).toMatchObject({
        status: 503,
        reply: { formMessage: failureMessage, captchaRejected: true },
      });
      const refused = await send(
        post({ altcha: await solvedCaptcha("gallery") }, new Uint8Array(10)),
        async () => new SubmissionRefusal(415, { fieldErrors: { file: ["No es una foto"] } }),
      );
      expect(answer(refused)).toMatchObject({
        status: 415,
        reply: { captchaRejected: true, result: { error: { file: ["No es una foto"] } } },
      });
      // A body this small is over its limit before its fields were checked: the captcha is unspent.
      const large = await send(
        post({ altcha: await solvedCaptcha("gallery") }, new Uint8Array(2048)),
        async () => "x",
      );
      expect(answer(large)).toMatchObject({
        status: 413,
        reply: { result: { error: { file: ["Muy grande"] } } },
      });
      expect(answer(large).reply).not.toHaveProperty("captchaRejected");
      expect(places.running).toBe(0);
    });

    it("is refused while every place is held, its captcha spent", async () => {
      const release = (await places.acquire(0))!;
      try {
        const busy = await send(
          post({ altcha: await solvedCaptcha("gallery") }, new Uint8Array(10)),
          async () => "x",
        );
        expect(answer(busy)).toMatchObject({
          status: 503,
          reply: { formMessage: "Ocupado", captchaRejected: true },
        });
      } finally {
        release();
      }
      expect(places.running).toBe(0);
    });
  });
});
