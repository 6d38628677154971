import { data, redirect } from "react-router";
import { contact as contactTexts, footer } from "~/content/site";
import { purchaseTexts, quoteTexts } from "~/content/forms";
import { getKit } from "~/content/kits";
import type { Kit } from "~/content/types";
import {
  quoteThanksPath,
  type FormName,
  type OrderCreated,
  type QuoteReceived,
  type SubmissionReply,
} from "~/lib/submission";
import { contactSchema } from "~/schemas/contact";
import { newsletterSchema } from "~/schemas/newsletter";
import { orderSchema } from "~/schemas/order";
import { quoteSchema } from "~/schemas/quote";
import { processSubmission, type FormBodySource } from "~/services/submissions.server";

/**
 * The four public forms, each: where it posts, its schema, how it is stored and what a success
 * answers. One function runs a submission to its outcome, for both ways a form arrives:
 * - the Express form endpoint (server/app.ts), which answers the page's script with JSON and a
 *   plain form post with a redirect, without going through React Router;
 * - the route actions, which render a refused plain post (or process a submission themselves when
 *   it reached them directly).
 */

/** The outcome of one submission: the HTTP status, the form's reply and, for a plain post, where to go. */
export interface FormOutcome {
  status: number;
  reply: SubmissionReply<unknown>;
  /** After a successful plain post: the page to redirect to (303). */
  location?: string;
}

/** The form behind a POST path, with the kit of the path when it has one. */
export function formOfPath(path: string): { form: FormName; kit?: Kit } | undefined {
  const kitPage = /^\/(comprar|cotizar)\/([^/]+)\/?$/.exec(path);
  if (kitPage) {
    const kit = getKit(decodeURIComponent(kitPage[2]!));
    if (!kit) return undefined;
    return { form: kitPage[1] === "comprar" ? "order" : "quote", kit };
  }
  if (path === "/contacto" || path === "/contacto/") return { form: "contact" };
  if (path === "/newsletter" || path === "/newsletter/") return { form: "newsletter" };
  return undefined;
}

/** Runs one submission of `form` through the pipeline to its outcome. */
export async function handlePublicForm({
  form,
  kit,
  body,
  clientIp,
}: {
  form: FormName;
  /** The kit of the page (order and quotation forms): a form field cannot change it. */
  kit?: Kit | undefined;
  body: Request | FormBodySource;
  clientIp: string;
}): Promise<FormOutcome> {
  const common = { request: body, clientIp } as const;
  switch (form) {
    case "order": {
      const kitId = kit!.id;
      const processed = await processSubmission({
        ...common,
        form,
        schema: orderSchema,
        fromPage: (order) => ({ ...order, kitId }),
        failureMessage: purchaseTexts.failure,
      });
      if (!processed.ok) return processed;
      const { id, number, paymentUrl } = processed.stored;
      const extra: OrderCreated = { orderId: id, number, paymentUrl };
      return {
        status: 200,
        reply: { status: "success", result: processed.result, extra },
        location: `/pedido/${id}`,
      };
    }
    case "quote": {
      const productId = kit!.id;
      const processed = await processSubmission({
        ...common,
        form,
        schema: quoteSchema,
        fromPage: (quote) => ({ ...quote, productId }),
        failureMessage: quoteTexts.failure,
      });
      if (!processed.ok) return processed;
      const extra: QuoteReceived = { fullName: processed.value.fullName, productId };
      return {
        status: 200,
        reply: { status: "success", result: processed.result, extra },
        location: quoteThanksPath(productId),
      };
    }
    case "contact": {
      const processed = await processSubmission({
        ...common,
        form,
        schema: contactSchema,
        failureMessage: contactTexts.form.errorMessage,
      });
      if (!processed.ok) return processed;
      return { status: 200, reply: { status: "success", result: processed.result } };
    }
    case "newsletter": {
      const processed = await processSubmission({
        ...common,
        form,
        schema: newsletterSchema,
        failureMessage: footer.newsletter.errorMessage,
      });
      if (!processed.ok) return processed;
      return { status: 200, reply: { status: "success", result: processed.result } };
    }
  }
}

/**
 * The action of a form's route: the outcome the Express endpoint already reached for this request
 * (a refused plain post, or a success that stays on the page), or the submission processed here.
 * A success with a destination redirects; everything else renders the page with the reply.
 */
export async function publicFormAction(
  form: FormName,
  {
    request,
    params,
    context,
  }: {
    request: Request;
    params: { kitId?: string };
    context: { clientIp: string; formOutcome?: FormOutcome | undefined };
  },
) {
  let kit: Kit | undefined;
  if (params.kitId !== undefined) {
    kit = getKit(params.kitId);
    if (!kit) throw data(null, { status: 404 });
  }
  const outcome =
    context.formOutcome ?? (await handlePublicForm({ form, kit, body: request, clientIp: context.clientIp }));
  if (outcome.location) return redirect(outcome.location, 303);
  return data(outcome.reply, { status: outcome.status });
}
