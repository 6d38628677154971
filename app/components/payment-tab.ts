import { purchaseTexts as texts } from "~/content/forms";

/**
 * The payment page's tab (docs/product.md#d6): opened blank within the visitor's click on "Proceder al
 * pago", so no pop-up blocker stops it, while the order is being stored; the order confirmation page
 * that the action redirects to then sends it to the kit's payment page (routes/site/order.tsx).
 */
let pending: Window | null = null;

/** Opens the blank tab, unless one is still waiting. */
export function openPaymentTab(): void {
  if (pending && !pending.closed) return;
  pending = window.open("", "_blank");
  if (!pending) return;
  try {
    pending.opener = null;
    pending.document.title = texts.paymentTabTitle;
    pending.document.documentElement.lang = "es-CL";
    pending.document.body.textContent = texts.paymentTabText;
  } catch {
    // Writing into the blank tab is a courtesy; the payment page replaces it anyway.
  }
}

/** The order was not stored: the waiting tab has nothing to show. */
export function closePaymentTab(): void {
  pending?.close();
  pending = null;
}

/** Sends the waiting tab, if any, to `url`; true when there was one. */
export function sendPaymentTab(url: string): boolean {
  const tab = pending;
  pending = null;
  if (!tab || tab.closed) return false;
  tab.location.replace(url);
  return true;
}
