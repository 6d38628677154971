import type { Route } from "./+types/flow-confirmation";
import { attemptOfReference, confirmAttempt } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { refusal, returnParameters } from "./payment-return.server";

/**
 * /pago/flow/confirmacion: Flow's server posts the payment's `token` here when the payment ends
 * (its urlConfirmation; issue 22, docs/decisions/059), whether or not the customer comes back. The
 * post carries nothing to believe: the token names an attempt, and Flow's getStatus, asked by our
 * server with our signature, settles it once. 200 when Flow's word was read (final or not); 503
 * when Flow could not be asked now, so that it tries again (the background check asks too).
 */
export async function action({ request }: Route.ActionArgs) {
  const params = await returnParameters(request);
  if (params instanceof Response) return params;
  const token = params.get("token") ?? "";
  const attempt = token ? await attemptOfReference(getDb(), "flow", token) : undefined;
  if (!attempt) return refusal(400, "Flow confirmation for an unknown token");
  const outcome = await confirmAttempt(getDb(), getEnv(), attempt, "status");
  const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
  if (!outcome.ok && outcome.reason === "unavailable") return new Response("Retry", { status: 503, headers });
  return new Response("OK", { status: 200, headers });
}
