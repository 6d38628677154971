/** Commercial promises, stated once (docs/product.md#d1, #d2, #d7, #d14). */

/** The one delivery promise used everywhere (D2). */
export const deliveryPromise = "5 a 15 días desde la confirmación del pedido";

export const warrantyMonths = 12;

/** Days of the right of withdrawal (derecho de retracto, Ley 19.496 art. 3 bis). */
export const withdrawalDays = 10;

export const freeShippingNote = "Envío gratis a todo Chile continental";
export const shippingExceptionsNote =
  "Envíos a Isla de Pascua, Juan Fernández y la Antártica se coordinan con cada cliente; envíos internacionales, previo contacto.";

export const workingHours = "Lunes a viernes, de 9:00 a 18:00";
export const coverage = "Todo Chile continental";

/**
 * How soon a quotation request is answered: within working hours (workingHours), said the same everywhere.
 */
export const quotationReviewTime = "24 horas hábiles";
export const orderProcessingHours = "24 a 48 horas";
