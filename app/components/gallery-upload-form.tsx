import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { CaptchaField, type CaptchaHandle } from "~/components/captcha-field";
import type { FormField } from "~/components/deferred-form";
import { EmailField, TextField } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Field, FieldGrid, FormMessage } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import type { CompanyInfo } from "~/content/company";
import { submissionMessages } from "~/content/forms";
import { galleryUploadTexts as texts, photoMessages } from "~/content/gallery";
import {
  galleryPhotoFieldName as photoFieldName,
  galleryUploadApiPath,
  galleryUploadPath,
} from "~/lib/gallery";
import { captchaFieldName, type SubmissionReply } from "~/lib/submission";
import { galleryFieldLimits } from "~/schemas/field-limits";

/**
 * The gallery's upload form, "Comparte tu LifeBox" (DECISIONS D16; docs/decisions/041). Without
 * JavaScript it is a plain multipart post to /galeria/compartir, answered by that page. With it, the
 * fields are checked with the shared zod schema (loaded when the form is first sent), the captcha is
 * solved, and the form goes by XMLHttpRequest to /api/galeria/fotos so that a progress bar can show
 * the upload; the JSON reply puts the server's messages next to the fields, or `onSent` runs.
 */

type Phase =
  { name: "idle" } | { name: "checking" } | { name: "uploading"; percent: number } | { name: "processing" };

interface Validation {
  schema: z.ZodType<Record<string, unknown>>;
  check: (formData: FormData, schema: z.ZodType<Record<string, unknown>>) => SubmissionReply | undefined;
}

let validation: Promise<Validation> | undefined;

/** The schema and Conform's zod parser, loaded once, when the form is first sent. */
function loadValidation(): Promise<Validation> {
  validation ??= Promise.all([import("~/schemas/gallery"), import("@conform-to/zod/v4")]).then(
    ([{ galleryUploadSchema }, { parseWithZod }]) => ({
      schema: galleryUploadSchema,
      check(formData, schema) {
        const submission = parseWithZod(formData, { schema });
        return submission.status === "success" ? undefined : { status: "error", result: submission.reply() };
      },
    }),
  );
  // A failed load (a lost connection) is tried again next time.
  validation.catch(() => (validation = undefined));
  return validation;
}

/** A reply for a send that got no JSON answer (a lost connection, a refusal in front of the app). */
function replyForStatus(status: number): SubmissionReply {
  if (status === 413) {
    return { status: "error", result: { status: "error", error: { photo: [photoMessages.tooLarge] } } };
  }
  const formMessage = status === 429 ? submissionMessages.rateLimited : texts.failure;
  return { status: "error", result: { status: "error", error: { "": [formMessage] } }, formMessage };
}

/** Sends the form with progress; resolves with the server's reply, whatever happens. */
function upload(formData: FormData, onProgress: (percent: number) => void): Promise<SubmissionReply> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", galleryUploadApiPath);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    });
    request.upload.addEventListener("load", () => onProgress(100));
    request.addEventListener("load", () => {
      const body = request.response as SubmissionReply | null;
      resolve(body && typeof body === "object" && "result" in body ? body : replyForStatus(request.status));
    });
    request.addEventListener("error", () => resolve(replyForStatus(0)));
    request.addEventListener("abort", () => resolve(replyForStatus(0)));
    request.send(formData);
  });
}

export function GalleryUploadForm({
  kits,
  company,
  initialReply,
  onSent,
}: {
  kits: Array<{ id: string; name: string }>;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  /** The page's answer to a post without JavaScript. */
  initialReply?: SubmissionReply | undefined;
  onSent: () => void;
}) {
  const [reply, setReply] = useState(initialReply);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  // Once sent, the messages follow what the visitor types (as in the other forms).
  const [revalidate, setRevalidate] = useState<Validation>();
  const [focusError, setFocusError] = useState(0);
  const captcha = useRef<CaptchaHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  const busy = phase.name !== "idle";

  useEffect(() => {
    if (focusError === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const values = (reply?.result.initialValue ?? {}) as Record<string, unknown>;
  const field = (name: string): FormField => ({
    key: undefined,
    name,
    errors: reply?.result.error?.[name] ?? undefined,
    initialValue: values[name] as FormField["initialValue"],
  });
  const showReply = (next: SubmissionReply) => {
    setReply(next);
    setFocusError((count) => count + 1);
  };

  const send = async (element: HTMLFormElement) => {
    // Read before the busy state disables the fields (disabled fields are not sent).
    const formData = new FormData(element);
    setPhase({ name: "checking" });
    try {
      const checks = await loadValidation().catch(() => undefined);
      if (!checks) return showReply(replyForStatus(0));
      setRevalidate(checks);
      const invalid = checks.check(formData, checks.schema);
      if (invalid) return showReply(invalid);
      if (!(await captcha.current?.ensureSolved())) {
        const formMessage = submissionMessages.captchaUnsolved;
        return showReply({
          status: "error",
          result: { status: "error", error: { "": [formMessage] } },
          formMessage,
        });
      }
      // The widget (outside the disabled fields) now holds the solution.
      formData.set(captchaFieldName, new FormData(element).get(captchaFieldName) ?? "");
      // The photo last: the server checks the fields (captcha, order) before it reads the photo.
      const photo = formData.get(photoFieldName);
      if (photo !== null) {
        formData.delete(photoFieldName);
        formData.append(photoFieldName, photo);
      }
      setPhase({ name: "uploading", percent: 0 });
      const answer = await upload(formData, (percent) =>
        setPhase(percent < 100 ? { name: "uploading", percent } : { name: "processing" }),
      );
      if (answer.status === "success") return onSent();
      if (answer.captchaRejected) captcha.current?.reset();
      showReply(answer);
    } finally {
      setPhase({ name: "idle" });
    }
  };

  const message = busy ? undefined : reply?.formMessage;
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={galleryUploadPath}
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void send(event.currentTarget);
      }}
      onInput={(event) => {
        if (!revalidate || busy) return;
        const next = revalidate.check(new FormData(event.currentTarget), revalidate.schema);
        // The fields' messages follow the typing; the server's message for the form stays.
        setReply((previous) => ({
          ...(next ?? { status: "error", result: { status: "error", error: {} } }),
          ...(previous?.formMessage ? { formMessage: previous.formMessage } : {}),
        }));
      }}
    >
      <FieldGrid disabled={busy}>
        <TextField
          meta={field("orderNumber")}
          label={texts.orderNumberLabel}
          hint={texts.orderNumberHint}
          autoComplete="off"
          maxLength={galleryFieldLimits.orderNumber}
        />
        <EmailField meta={field("email")} label={texts.emailLabel} maxLength={galleryFieldLimits.email} />
        <Field label={texts.kitLabel} errors={field("kitId").errors} className="sm:col-span-2">
          {(props) => (
            <Select
              {...props}
              name="kitId"
              defaultValue={typeof values.kitId === "string" ? values.kitId : ""}
            >
              <option value="" disabled>
                {texts.kitPlaceholder}
              </option>
              {kits.map((kit) => (
                <option key={kit.id} value={kit.id}>
                  {kit.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TextField
          meta={field("comment")}
          label={texts.commentLabel}
          hint={texts.commentHint}
          rows={4}
          maxLength={galleryFieldLimits.comment}
          className="sm:col-span-2"
        />
        <Field
          label={texts.photoLabel}
          hint={texts.photoHint}
          errors={field("photo").errors}
          className="sm:col-span-2"
        >
          {(props) => (
            <Input
              {...props}
              type="file"
              name={photoFieldName}
              accept="image/jpeg,image/png,image/webp"
              className="file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:font-semibold file:text-foreground"
            />
          )}
        </Field>
      </FieldGrid>
      <p className="text-sm text-muted-foreground">
        {texts.consentNotice.before}
        {/* A new tab: what was typed here stays. */}
        <Link to="/privacidad" target="_blank" className="font-semibold underline">
          {texts.consentNotice.link}
        </Link>
        {texts.consentNotice.after}
      </p>
      <CaptchaField ref={captcha} form="gallery" company={company} />
      {phase.name === "uploading" || phase.name === "processing" ? (
        <div>
          <label htmlFor="progreso-foto" className="block text-sm font-semibold text-foreground">
            {phase.name === "uploading" ? texts.uploading(phase.percent) : texts.processing}
          </label>
          <progress
            id="progreso-foto"
            max={100}
            value={phase.name === "uploading" ? phase.percent : undefined}
            aria-valuetext={phase.name === "uploading" ? `${phase.percent} %` : texts.processing}
            className="mt-1 h-3 w-full accent-primary"
          />
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {phase.name === "uploading"
          ? texts.uploadStarted
          : phase.name === "processing"
            ? texts.processing
            : ""}
      </p>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? texts.submittingLabel : texts.submitLabel}
        </Button>
      </div>
    </form>
  );
}
