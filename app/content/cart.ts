/**
 * The cart, its checkout and an order's lines as customers read them (issue 23, D23;
 * docs/decisions/067-order-lines.md, 068-the-cart.md).
 */

/** The columns of an order's lines (the cart, the checkout, the order page, the back office). */
export const orderLinesTexts = {
  caption: "Productos del pedido",
  product: "Producto",
  unitPrice: "Precio",
  quantity: "Cantidad",
  lineTotal: "Total",
  subtotal: "Productos",
  shipping: "Envío",
  total: "Total",
} as const;

/** The cart page (/carro), the header's cart link and the "Agregar al carro" buttons. */
export const cartTexts = {
  metaTitle: "Tu carro | LifeBox",
  metaDescription: "Los kits LifeBox que elegiste, sus cantidades y el total, antes de pagar.",
  title: "Tu carro",
  empty: "Tu carro está vacío.",
  emptyHint: "Elige los kits que necesitas en el catálogo y agrégalos al carro.",
  browse: "Ver los kits",
  addLabel: "Agregar al carro",
  addingLabel: "Agregando…",
  added: "Agregado al carro",
  viewCart: "Ver carro",
  /** The header's link: its accessible name says how many kits. */
  headerLink: (count: number) =>
    count === 0 ? "Carro de compras, vacío" : `Carro de compras, ${count} ${count === 1 ? "kit" : "kits"}`,
  quantityLabel: (kitName: string) => `Cantidad de ${kitName}`,
  update: "Actualizar",
  remove: "Quitar",
  removeLabel: (kitName: string) => `Quitar ${kitName} del carro`,
  updateLabel: (kitName: string) => `Actualizar la cantidad de ${kitName}`,
  addedMessage: (kitName: string) => `Agregamos ${kitName} a tu carro.`,
  cappedMessage: (kitName: string, max: number) =>
    `Puedes llevar hasta ${max} unidades de ${kitName} por pedido: dejamos ${max} en tu carro. Para más, pide una cotización.`,
  updatedMessage: (kitName: string, quantity: number) => `Ahora llevas ${quantity} de ${kitName}.`,
  removedMessage: (kitName: string) => `Quitamos ${kitName} de tu carro.`,
  addAgain: "Agregar de nuevo",
  unknownKit: "Ese kit ya no está en el catálogo. Recarga la página.",
  notInCart: "Ese kit ya no está en tu carro. Recarga la página.",
  linesCaption: "Kits en tu carro",
  shippingCart: "Gratis a Chile continental",
  shippingNote:
    "El envío a Isla de Pascua, Juan Fernández y la Antártica se cotiza aparte: te enviamos el costo antes de pagar.",
  priceChanged: (kitName: string, before: string, now: string) =>
    `El precio de ${kitName} cambió de ${before} a ${now} desde que lo agregaste.`,
  checkout: "Continuar con la compra",
  keepShopping: "Seguir comprando",
  unitPrice: (price: string) => `${price} c/u`,
  noCart: "Con nuestro enlace de pago se compra un kit por pedido: usa «Comprar» en el kit que quieras.",
} as const;

/** The checkout (/carro/finalizar): the purchase data of a cart's order. */
export const checkoutTexts = {
  metaTitle: "Finalizar la compra | LifeBox",
  metaDescription:
    "Tus datos de despacho, el documento tributario y el total de tu pedido LifeBox, antes de pagar.",
  title: "Finalizar la compra",
  intro:
    "Revisa tu pedido y completa tus datos. Al continuar, te llevamos a pagar el total en esta misma pestaña.",
  summaryHeading: "Tu pedido",
  editCart: "Modificar el carro",
  pricesChanged:
    "Algunos precios cambiaron desde que agregaste los kits a tu carro. Revisa el total antes de pagar.",
  cartChanged:
    "Tu carro cambió mientras completabas tus datos (un precio o un kit). Revisa el pedido y vuelve a enviar.",
  emptyCart: "Tu carro está vacío: agrega un kit antes de finalizar la compra.",
  linkRefusesCart:
    "Con nuestro enlace de pago puedes comprar un kit por pedido. Usa «Comprar» en el kit que quieras.",
  totalBeforeShipping: "Total sin envío",
} as const;
