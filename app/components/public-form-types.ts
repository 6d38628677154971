import type { FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import type { CaptchaHandle } from "~/components/captcha-field";
import type { SubmissionReply } from "~/lib/submission";

/**
 * What the public forms' browser side shares (docs/decisions/029, 070): the markup renders from
 * a `PublicFormApi`, first the server's (deferred-form.tsx), then Conform's (use-public-form.ts).
 * The types live here so that neither of those files imports the other.
 */

/** A field as the form renders it: Conform's metadata, or the same read from the server's reply. */
export type FormField = Pick<FieldMetadata<unknown>, "key" | "name" | "errors" | "initialValue">;

/** How far a send is: the percent of the body sent, then "processing" while the server works. */
export type SendProgress = number | "processing";

/**
 * How a form's fields reach the server when not by the route's fetcher (the gallery's upload, which
 * shows its progress). It resolves with the server's reply, whatever happens (a lost connection too).
 */
export type FormTransport = (
  formData: FormData,
  onProgress: (progress: SendProgress) => void,
) => Promise<SubmissionReply>;

/** What a form's markup receives, from Conform or from the server's reply. */
export interface PublicFormApi<Name extends string = string> {
  id: string;
  field(name: Name): FormField;
  onSubmit(event: React.FormEvent<HTMLFormElement>): void;
  busy: boolean;
  /** The progress of a send through a `transport`; undefined otherwise. */
  progress: SendProgress | undefined;
  /** A message for the whole form (a refusal of the server, an unsolved captcha). */
  formMessage: string | undefined;
  captcha: React.Ref<CaptchaHandle>;
  /** When the captcha starts its work: once the form's code runs, the visitor is filling it in. */
  captchaStart: "mount" | "never";
}

/** What a public form needs to run: where it posts, its schema and its reactions. */
export interface PublicFormOptions {
  id: string;
  /** The route whose action takes the form. */
  action: string;
  /** The form's zod schema, loaded with the form's code. */
  loadSchema: () => Promise<z.ZodType<Record<string, unknown>>>;
  /** Sends the fields instead of the route's fetcher (the reply is handled the same way). */
  transport?: FormTransport | undefined;
  initialReply?: SubmissionReply | undefined;
  /** Runs inside the submit event, once the fields are valid (e.g. to open a tab without a pop-up block). */
  onBeforeSend?: (() => void) | undefined;
  onSuccess?: ((reply: SubmissionReply) => void) | undefined;
  /** A refusal of the server, or a captcha that could not be solved (no reply). */
  onFailure?: ((reply: SubmissionReply | undefined) => void) | undefined;
}

/** What the static form hands to Conform's: the typed values, the chosen files, the focus and a pending send. */
export interface FormHandoff {
  values?: Record<string, string>;
  /** The files chosen in file inputs, by field name (they are put back in the new inputs). */
  files?: Record<string, File[]>;
  /** Index in `form.elements` of the focused control, and its text selection. */
  focus?: { index: number; selectionStart: number | null; selectionEnd: number | null };
  /** A send made before the code ran: the index of its submit button in `form.elements`, or -1. */
  submitter?: number;
}
