import { Link } from "react-router";
import { CaptchaField } from "~/components/captcha-field";
import { DeferredForm } from "~/components/deferred-form";
import { loadGalleryUploadSchema } from "~/components/form-schemas";
import { EmailField, TextField } from "~/components/form-fields";
import type { FormTransport } from "~/components/public-form-types";
import { Button } from "~/components/ui/button";
import { Field, FieldGrid, FormMessage } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import type { CompanyInfo } from "~/content/company";
import { submissionMessages } from "~/content/forms";
import {
  galleryPhotoFieldName as photoFieldName,
  galleryUploadApiPath,
  galleryUploadPath,
  galleryUploadTexts as texts,
  photoMessages,
} from "~/content/gallery";
import type { SubmissionReply } from "~/lib/submission";
import { galleryFieldLimits } from "~/schemas/field-limits";

/**
 * The gallery's upload form, "Comparte tu LifeBox" (docs/decisions/041). Without JavaScript it is a
 * plain multipart post to /galeria/compartir, answered by that page. With it, it is a public form
 * like the others (`DeferredForm`: Conform and the shared zod schema, the captcha solved before the
 * send; docs/decisions/070), whose transport sends the form by XMLHttpRequest to
 * /api/galeria/fotos so that a progress bar can show the upload; the JSON reply puts the server's
 * messages next to the fields, or `onSent` runs.
 */

/** A reply for a send that got no JSON answer (a lost connection, a refusal in front of the app). */
function replyForStatus(status: number): SubmissionReply {
  if (status === 413) {
    return { status: "error", result: { status: "error", error: { photo: [photoMessages.tooLarge] } } };
  }
  const formMessage = status === 429 ? submissionMessages.rateLimited : texts.failure;
  return { status: "error", result: { status: "error", error: { "": [formMessage] } }, formMessage };
}

/** Sends the form with progress; resolves with the server's reply, whatever happens. */
const upload: FormTransport = (formData, onProgress) => {
  // The photo last: the server checks the fields (captcha, order) before it reads the photo.
  const photo = formData.get(photoFieldName);
  if (photo !== null) {
    formData.delete(photoFieldName);
    formData.append(photoFieldName, photo);
  }
  onProgress(0);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", galleryUploadApiPath);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) {
        const percent = Math.floor((event.loaded / event.total) * 100);
        onProgress(percent < 100 ? percent : "processing");
      }
    });
    request.upload.addEventListener("load", () => onProgress("processing"));
    request.addEventListener("load", () => {
      const body = request.response as SubmissionReply | null;
      resolve(body && typeof body === "object" && "result" in body ? body : replyForStatus(request.status));
    });
    request.addEventListener("error", () => resolve(replyForStatus(0)));
    request.addEventListener("abort", () => resolve(replyForStatus(0)));
    request.send(formData);
  });
};

type FieldName = "orderNumber" | "email" | "kitId" | "comment" | "photo";

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
  return (
    <DeferredForm<FieldName>
      id="compartir-foto"
      action={galleryUploadPath}
      loadSchema={loadGalleryUploadSchema}
      transport={upload}
      initialReply={initialReply}
      onSuccess={onSent}
    >
      {({ id, field, onSubmit, busy, progress, formMessage, captcha, captchaStart }) => {
        const kitField = field("kitId");
        return (
          <form
            id={id}
            method="post"
            encType="multipart/form-data"
            action={galleryUploadPath}
            noValidate
            className="space-y-4"
            onSubmit={onSubmit}
          >
            <FieldGrid disabled={busy}>
              <TextField
                meta={field("orderNumber")}
                label={texts.orderNumberLabel}
                hint={texts.orderNumberHint}
                autoComplete="off"
                maxLength={galleryFieldLimits.orderNumber}
              />
              <EmailField
                meta={field("email")}
                label={texts.emailLabel}
                maxLength={galleryFieldLimits.email}
              />
              <Field label={texts.kitLabel} errors={kitField.errors} className="sm:col-span-2">
                {(props) => (
                  <Select
                    {...props}
                    key={kitField.key}
                    name={kitField.name}
                    defaultValue={typeof kitField.initialValue === "string" ? kitField.initialValue : ""}
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
            <CaptchaField ref={captcha} form="gallery" company={company} start={captchaStart} />
            {progress !== undefined ? (
              <div>
                <label htmlFor="progreso-foto" className="block text-sm font-semibold text-foreground">
                  {progress === "processing" ? texts.processing : texts.uploading(progress)}
                </label>
                <progress
                  id="progreso-foto"
                  max={100}
                  value={progress === "processing" ? undefined : progress}
                  aria-valuetext={progress === "processing" ? texts.processing : `${progress} %`}
                  className="mt-1 h-3 w-full accent-primary"
                />
              </div>
            ) : null}
            <p role="status" className="sr-only">
              {progress === "processing"
                ? texts.processing
                : progress !== undefined
                  ? texts.uploadStarted
                  : ""}
            </p>
            {formMessage ? <FormMessage tone="error">{formMessage}</FormMessage> : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                {busy ? texts.submittingLabel : texts.submitLabel}
              </Button>
            </div>
          </form>
        );
      }}
    </DeferredForm>
  );
}
