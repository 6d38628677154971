import type { Route } from "./+types/flow-refund";
import { refusal, returnParameters } from "./payment-return.server";
import { logger } from "~/infra/logger.server";

/**
 * /pago/flow/reembolso: Flow's refund callback (its urlCallBack; issue 22, docs/decisions/059).
 * A refund's outcome is recorded from Flow's answer to refund/create when staff cancel the order
 * (services/payments/refunds.server.ts); Flow then posts the refund's token here when it is
 * processed. The post is acknowledged (Flow repeats it otherwise) and logged for staff's record;
 * it changes nothing, as it carries nothing to believe.
 */
export async function action({ request }: Route.ActionArgs) {
  const params = await returnParameters(request);
  if (params instanceof Response) return params;
  const token = params.get("token") ?? "";
  if (!/^[0-9A-F]{40}$/i.test(token)) return refusal(400, "Flow refund callback without a token");
  logger.info({ token }, "Flow refund callback received");
  return new Response("OK", {
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}
