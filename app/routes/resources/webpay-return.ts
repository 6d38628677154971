import type { Route } from "./+types/webpay-return";
import { attemptOfReference, attemptOfSession } from "~/services/payments/checkout.server";
import { getDb } from "~/infra/db.server";
import { refusal, returnParameters, settleAndReturn } from "./payment-return.server";

/**
 * /pago/webpay/retorno: where Webpay Plus sends the customer back (issue 22; docs/decisions/059),
 * in each of its documented ways: `token_ws` alone (the form finished: approved or rejected; our
 * server commits it); `TBK_TOKEN` (the customer cancelled; with `token_ws` too, an error on the
 * form); only `TBK_ORDEN_COMPRA` and `TBK_ID_SESION` (the form timed out). By GET or by POST, from
 * Webpay's page. Whatever arrives, the outcome is Webpay's answer to our server.
 */
async function webpayReturn(request: Request): Promise<Response> {
  const params = await returnParameters(request);
  if (params instanceof Response) return params;
  const db = getDb();
  const tokenWs = params.get("token_ws") ?? "";
  const tbkToken = params.get("TBK_TOKEN") ?? "";
  if (tokenWs && !tbkToken) {
    const attempt = await attemptOfReference(db, "webpay", tokenWs);
    if (!attempt) return refusal(400, "Webpay return for an unknown token");
    return settleAndReturn(attempt, "commit", "normal");
  }
  if (tbkToken) {
    const attempt = await attemptOfReference(db, "webpay", tbkToken);
    if (!attempt) return refusal(400, "Webpay return for an unknown token");
    return settleAndReturn(attempt, "status", tokenWs ? "error" : "aborted");
  }
  const session = params.get("TBK_ID_SESION") ?? "";
  const buyOrder = params.get("TBK_ORDEN_COMPRA") ?? "";
  if (session && buyOrder) {
    const attempt = await attemptOfSession(db, session, buyOrder);
    if (!attempt) return refusal(400, "Webpay return for an unknown session");
    return settleAndReturn(attempt, "status", "timed-out");
  }
  return refusal(400, "Webpay return without a token");
}

export const loader = ({ request }: Route.LoaderArgs) => webpayReturn(request);
export const action = ({ request }: Route.ActionArgs) => webpayReturn(request);
