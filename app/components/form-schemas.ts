/**
 * The public forms' zod schemas, each loaded with its form's code (components/deferred-form.tsx),
 * not with the page. The "Comprar" and "Cotizar" buttons warm them up with their dialogs.
 */
export const loadContactSchema = () => import("~/schemas/contact").then((module) => module.contactSchema);
export const loadOrderSchema = () => import("~/schemas/order").then((module) => module.orderSchema);
export const loadCheckoutSchema = () => import("~/schemas/order").then((module) => module.checkoutSchema);
export const loadQuoteSchema = () => import("~/schemas/quote").then((module) => module.quoteSchema);
export const loadGalleryUploadSchema = () =>
  import("~/schemas/gallery").then((module) => module.galleryUploadSchema);
