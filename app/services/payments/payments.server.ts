import type { PaymentSettings } from "~/infra/env.server";
import { flowProvider } from "./flow.server";
import type { PaymentProvider } from "./provider.server";
import { webpayProvider } from "./webpay.server";

/**
 * The provider the configuration chose (PAYMENT_PROVIDER; docs/decisions/058), or undefined for
 * `link`: the per-kit payment links with staff confirming by hand.
 */
export function paymentProviderOf(settings: PaymentSettings): PaymentProvider | undefined {
  if (settings.provider === "webpay") return webpayProvider(settings.webpay);
  if (settings.provider === "flow" && settings.flow) return flowProvider(settings.flow);
  return undefined;
}
