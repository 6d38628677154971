import type { Route } from "./+types/flow-return";
import { attemptOfReference } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { refusal, returnParameters, settleAndReturn } from "./payment-return.server";

/**
 * /pago/flow/retorno: where Flow's page sends the customer back, posting the payment's `token`
 * (issue 22; docs/decisions/059). The outcome is Flow's getStatus, asked by our server; Flow's own
 * server may have told us already (flow-confirmation.ts), and the attempt is settled once either way.
 */
async function flowReturn(request: Request): Promise<Response> {
  const params = await returnParameters(request);
  if (params instanceof Response) return params;
  const token = params.get("token") ?? "";
  const attempt = token ? await attemptOfReference(getDb(), "flow", token) : undefined;
  if (!attempt) return refusal(400, "Flow return for an unknown token");
  return settleAndReturn(attempt, "status", "normal");
}

export const loader = ({ request }: Route.LoaderArgs) => flowReturn(request);
export const action = ({ request }: Route.ActionArgs) => flowReturn(request);
