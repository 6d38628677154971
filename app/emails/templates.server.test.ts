import { describe, expect, it } from "vitest";
import type { CompanyInfo } from "~/content/company";
import { legalParagraphText, termsOfService } from "~/content/legal";
import { deliveryPromise, orderProcessingHours } from "~/content/policies";
import {
  contactNotifications,
  escapeHtml,
  formatMailDate,
  mailKinds,
  newContactForShop,
  newOrderForShop,
  newQuoteForShop,
  orderCancelledForCustomer,
  orderConfirmationForCustomer,
  orderDeliveredForCustomer,
  orderNotifications,
  orderPaidForCustomer,
  orderShippedForCustomer,
  orderStatusNotification,
  quoteConfirmationForCustomer,
  quoteNotifications,
  renderNotification,
  shippingQuotedForCustomer,
  type ContactMailData,
  type OrderMailData,
  type OrderStatusMailData,
  type QuoteMailData,
  type RenderedMail,
} from "~/emails/templates.server";
import { facturaCompany } from "../../tests/support/orders";

const seller: CompanyInfo = {
  brand: "LifeBox",
  legalName: "LifeBox Chile SpA",
  rut: "77.123.456-7",
  address: "Av. Providencia 1234, of. 56, Providencia, Región Metropolitana",
  email: "contacto@lifebox.cl",
  phone: "+56 2 2345 6789",
  whatsappNumber: "56912345678",
  facebookUrl: "https://www.facebook.com/lifebox",
  instagramUrl: "https://www.instagram.com/lifebox",
};

const context = { siteUrl: "https://lifebox.cl", seller };
const orderId = "0d5f7a52-2d4e-4a8b-9a61-3c1f2b7e9d10";

function order(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    ...context,
    id: orderId,
    number: "LB-7K3F9Q",
    kitName: "LifeBox Expedition",
    total: 219990,
    shippingKind: "free",
    name: "José Muñoz",
    email: "jose.munoz@example.cl",
    phone: "+56 9 8765 4321",
    region: "13",
    comuna: "13114",
    address: "Los Leones 456, depto. 7",
    rut: "12.345.678-5",
    notes: "Dejar con el conserje.\nGracias",
    createdAt: "2025-03-01T12:00:00.000Z",
    paymentUrl: "https://pagos.example.cl/lifebox/expedition?ref=1&x=2",
    ...overrides,
  };
}

function quote(overrides: Partial<QuoteMailData> = {}): QuoteMailData {
  return {
    ...context,
    id: "4b8a2f2e-0c55-4d52-9d1a-1f0b7f6f4a11",
    productId: "industry",
    productName: "LifeBox Industry",
    fullName: "Ana Pérez",
    email: "ana.perez@minera.example.cl",
    phone: "+56 9 1111 2222",
    company: "Minera Ñuble S.A.",
    city: "Concepción",
    quantity: 1200,
    additionalNotes: "Para tres faenas en Biobío.",
    createdAt: new Date("2025-03-01T12:00:00.000Z"),
    ...overrides,
  };
}

function contact(overrides: Partial<ContactMailData> = {}): ContactMailData {
  return {
    ...context,
    name: "Camila Rojas",
    email: "camila@example.cl",
    subject: "Envíos a Aysén",
    message: "Hola:\n¿Hacen envíos a Coyhaique?",
    createdAt: "2025-03-01T12:00:00.000Z",
    ...overrides,
  };
}

/** The seller's identity must close every customer e-mail, in both parts (D14). */
function expectSellerIdentity(mail: RenderedMail) {
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("LifeBox Chile SpA");
    expect(part).toContain("RUT: 77.123.456-7");
    expect(part).toContain(escapeHtml("Av. Providencia 1234, of. 56, Providencia, Región Metropolitana"));
    expect(part).toContain("contacto@lifebox.cl");
    expect(part).toContain("+56 2 2345 6789");
  }
  // …at the end: nothing but the automatic-message note follows the identity.
  const tail = mail.text.slice(mail.text.lastIndexOf("LifeBox Chile SpA"));
  expect(tail.split("\n").filter(Boolean)).toHaveLength(7);
}

function expectWellFormedHtml(mail: RenderedMail) {
  expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="es-CL">/);
  expect(mail.html).toContain('<meta charset="utf-8">');
  expect(mail.html.trimEnd()).toMatch(/<\/html>$/);
  expect(mail.html).not.toContain("<script");
  expect(mail.text).not.toMatch(/<[a-z]/i);
}

/** A company's factura data, as the purchase form stores it (D24). */
const factura = facturaCompany;

describe("orderConfirmationForCustomer", () => {
  it("is the receipt: number, kit, total, shipping, delivery promise, links and the seller", () => {
    const mail = orderConfirmationForCustomer(order());
    expect(mail.subject).toBe("Recibimos tu pedido LB-7K3F9Q: LifeBox Expedition");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("José Muñoz");
      expect(part).toContain("LB-7K3F9Q");
      expect(part).toContain("LifeBox Expedition");
      expect(part).toContain("$219.990");
      expect(part).toContain("Gratis (Chile continental)");
      expect(part).toContain(deliveryPromise);
      expect(part).toContain("Pendiente de pago");
      expect(part).toContain("1 de marzo de 2025, 09:00");
      expect(part).toContain(`https://lifebox.cl/pedido/${orderId}`);
      expect(part).toContain("https://lifebox.cl/terminos");
      expect(part).toContain("Pagar ahora");
      expect(part).toContain("Las Condes, Región Metropolitana de Santiago");
    }
    expect(mail.text).toContain("Total: $219.990\n");
    expect(mail.text).toContain("Envío: Gratis (Chile continental)\n");
    expect(mail.text).toContain(`Plazo de entrega: ${deliveryPromise}\n`);
    expect(mail.text).toContain("Pagar ahora: https://pagos.example.cl/lifebox/expedition?ref=1&x=2\n");
    expect(mail.html).toContain('href="https://pagos.example.cl/lifebox/expedition?ref=1&amp;x=2"');
    expect(mail.html).toContain(`href="https://lifebox.cl/pedido/${orderId}"`);
    expect(mail.text).not.toContain("fuera de Chile continental");
    expectSellerIdentity(mail);
    expectWellFormedHtml(mail);
  });

  it("says which tax document the order asks for: a boleta, or a factura with the company's data (D24)", () => {
    expect(orderConfirmationForCustomer(order()).text).toContain("Documento: Boleta\n");
    const mail = orderConfirmationForCustomer(order(factura));
    expect(mail.text).toContain("Documento: Factura\n");
    expect(mail.text).toContain("RUT de la empresa: 76.086.428-5\n");
    expect(mail.text).toContain("Razón social: Comercial Austral SpA\n");
    expect(mail.text).toContain("Giro: Venta de artículos de seguridad\n");
    expect(mail.text).toContain(
      "Dirección de facturación: Av. Apoquindo 4500, oficina 12, Las Condes, Región Metropolitana de Santiago\n",
    );
    expect(mail.text).toContain("Email para la factura: facturas@austral.cl\n");
    expect(mail.text).toContain(
      "Emitiremos la factura con estos datos cuando se confirme el pago y la enviaremos a facturas@austral.cl.",
    );
    expect(mail.html).toContain("Comercial Austral SpA");
    expectWellFormedHtml(mail);
  });

  it("says, outside continental Chile, that the shipping cost comes before paying (no payment button yet)", () => {
    const mail = orderConfirmationForCustomer(
      order({ region: "05", comuna: "05201", shippingKind: "arranged" }),
    );
    expect(mail.text).toContain("Envío: Por cotizar\n");
    expect(mail.text).toContain("Isla de Pascua, Región de Valparaíso");
    expect(mail.text).toContain(
      "te enviaremos el costo de envío a Isla de Pascua dentro de 24 horas hábiles, con el total del pedido y el enlace para pagarlo",
    );
    expect(mail.text).not.toContain("Pagar ahora");
    expect(mail.text).not.toContain("coordinar");
  });

  it("tells the customer the quoted shipping, the new total and where to pay", () => {
    const mail = shippingQuotedForCustomer({
      id: orderId,
      number: "LB-7K3F9Q",
      name: "Rapa Nui Hotu",
      kitName: "LifeBox Nautical",
      subtotal: 129_990,
      shippingCost: 45_000,
      total: 174_990,
      comunaCut: "05201",
      ...context,
    });
    expect(mail.subject).toBe("Costo de envío de tu pedido LB-7K3F9Q: total $174.990");
    expect(mail.text).toContain("Ya tenemos el costo de envío a Isla de Pascua para tu pedido LB-7K3F9Q");
    expect(mail.text).toContain("Productos: $129.990\n");
    expect(mail.text).toContain("Envío: $45.000\n");
    expect(mail.text).toContain("Total: $174.990\n");
    expect(mail.text).toContain(`Pagar ahora: https://lifebox.cl/pedido/${orderId}\n`);
    expectWellFormedHtml(mail);
  });

  it("offers the payment link only when there is a safe one and the order is unpaid", () => {
    for (const paymentUrl of [null, undefined, "", "javascript:alert(1)", "no es un enlace"]) {
      const mail = orderConfirmationForCustomer(order({ paymentUrl }));
      expect(mail.text).not.toContain("Pagar ahora");
      expect(mail.html).not.toContain("Pagar ahora");
      expect(mail.html).not.toContain("javascript:");
    }
    expect(orderConfirmationForCustomer(order({ status: "pagado" })).text).not.toContain("Pagar ahora");
  });

  it("escapes everything the customer typed", () => {
    const mail = orderConfirmationForCustomer(
      order({ name: "<script>alert('x')</script>", address: 'Calle "Falsa" 123 & <b>' }),
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(mail.html).toContain("Calle &quot;Falsa&quot; 123 &amp; &lt;b&gt;");
    // The plain-text part shows it as typed.
    expect(mail.text).toContain("Hola, <script>alert('x')</script>:");
  });
});

function statusChange(overrides: Partial<OrderStatusMailData> = {}): OrderStatusMailData {
  return {
    ...context,
    id: orderId,
    number: "LB-7K3F9Q",
    kitName: "LifeBox Expedition",
    total: 219990,
    name: "José Muñoz",
    shippingKind: "free",
    createdAt: "2025-03-01T12:00:00.000Z",
    status: "pagado",
    changedAt: "2025-03-02T15:30:00.000Z",
    ...overrides,
  };
}

/** What every status e-mail shares: the greeting, the order, its page, the seller, both parts. */
function expectStatusMail(mail: RenderedMail) {
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain("José Muñoz");
    expect(part).toContain("LB-7K3F9Q");
    expect(part).toContain("LifeBox Expedition");
    expect(part).toContain(`https://lifebox.cl/pedido/${orderId}`);
  }
  expect(mail.html).toContain("max-width:600px");
  expect(mail.html).toContain('<table role="presentation"');
  expect(mail.text).toContain("Pedido: LB-7K3F9Q\n");
  expectSellerIdentity(mail);
  expectWellFormedHtml(mail);
}

describe("order status e-mails", () => {
  it("pagado: the written confirmation, what comes next, the delivery promise and a copy of the Terms", () => {
    const mail = orderPaidForCustomer(statusChange());
    expect(mail.subject).toBe("Pago recibido: confirmamos tu pedido LB-7K3F9Q");
    expectStatusMail(mail);
    expect(mail.text).toContain("Este correo es la confirmación escrita de tu compra.");
    expect(mail.text).toContain("Pagado: 2 de marzo de 2025, 12:30\n");
    expect(mail.text).toContain(`Plazo de entrega: ${deliveryPromise}\n`);
    expect(mail.text).toContain(`preparamos tu kit dentro de ${orderProcessingHours}`);
    expect(mail.html).toContain('href="https://lifebox.cl/terminos"');
    expect(mail.text).toContain("Política de privacidad (https://lifebox.cl/privacidad).");
    // The Terms promise "una copia de estos términos" with the confirmation: every section, both parts.
    const terms = termsOfService(seller);
    for (const section of terms.sections) {
      expect(mail.text).toContain(`${section.heading}\n`);
      expect(mail.html).toContain(`${escapeHtml(section.heading)}</h2>`);
      for (const paragraph of section.paragraphs) {
        expect(mail.text).toContain(legalParagraphText(paragraph, "https://lifebox.cl"));
      }
      for (const item of section.list ?? []) expect(mail.text).toContain(`- ${item}\n`);
    }
    expect(mail.html).toContain("<ul");
    expect(mail.text).not.toContain("fuera de Chile continental");
    // Outside the continent: the quoted cost; an order from before quotes keeps its arranged words.
    const quoted = orderPaidForCustomer(
      statusChange({ shippingKind: "arranged", shippingCost: 45_000 }),
    ).text;
    expect(quoted).toContain("Envío: $45.000\n");
    expect(quoted).not.toContain("te contactaremos para coordinar el envío");
    expect(orderPaidForCustomer(statusChange({ shippingKind: "arranged" })).text).toContain(
      "te contactaremos para coordinar el envío",
    );
    // The order page's words for it (D26).
    expect(orderPaidForCustomer(statusChange({ shippingKind: "arranged" })).text).toContain(
      "Envío: Coordinado contigo\n",
    );
  });

  it("enviado: courier, tracking number and the courier's tracking page", () => {
    const mail = orderShippedForCustomer(
      statusChange({ status: "enviado", courier: "starken", trackingNumber: "987654321" }),
    );
    expect(mail.subject).toBe("Tu pedido LB-7K3F9Q va en camino");
    expectStatusMail(mail);
    expect(mail.text).toContain("Courier: Starken\n");
    expect(mail.text).toContain("N.º de seguimiento: 987654321\n");
    expect(mail.text).toContain(
      "Seguir mi envío en Starken: https://www.starken.cl/seguimiento?codigo=987654321\n",
    );
    expect(mail.html).toContain('href="https://www.starken.cl/seguimiento?codigo=987654321"');
    expect(mail.text).toContain(`Plazo de entrega: ${deliveryPromise}\n`);

    const chilexpress = orderShippedForCustomer(
      statusChange({ status: "enviado", courier: "chilexpress", trackingNumber: "AB 12/3" }),
    );
    // The number is encoded into the address, never spliced in raw.
    expect(chilexpress.html).toContain('href="https://centrodeayuda.chilexpress.cl/seguimiento/AB%2012%2F3"');
  });

  it("enviado with another courier: its typed name, the number without a link, or the courier calls", () => {
    const other = orderShippedForCustomer(
      statusChange({
        status: "enviado",
        courier: "otro",
        courierName: "Transportes Sur",
        trackingNumber: "TS-1",
      }),
    );
    expect(other.text).toContain("Courier: Transportes Sur\n");
    expect(other.text).toContain("Puedes seguir tu envío con el número TS-1 en el sitio de Transportes Sur.");
    expect(other.html).not.toContain("Seguir mi envío");
    const noNumber = orderShippedForCustomer(
      statusChange({ status: "enviado", courier: "otro", courierName: "Transportes Sur" }),
    );
    expect(noNumber.text).not.toContain("N.º de seguimiento");
    expect(noNumber.text).toContain("Transportes Sur te contactará para coordinar la entrega.");
  });

  it("entregado: thanks, the warranty, the right of withdrawal and the invitation to share a photo", () => {
    const mail = orderDeliveredForCustomer(statusChange({ status: "entregado" }));
    expect(mail.subject).toBe("Tu pedido LB-7K3F9Q fue entregado");
    expectStatusMail(mail);
    expect(mail.text).toContain("¡Gracias por confiar en LifeBox!");
    expect(mail.text).toContain("garantía de 12 meses, contados desde que lo recibiste");
    expect(mail.text).toContain("puedes retractarte dentro de 10 días");
    expect(mail.html).toContain('href="https://lifebox.cl/terminos"');
    expect(mail.text).toContain(
      "comparte una foto en la galería de clientes con tu número de pedido y este correo",
    );
    expect(mail.html).toContain('href="https://lifebox.cl/galeria/compartir"');
    expect(mail.text).toContain("Compartir una foto: https://lifebox.cl/galeria/compartir");
  });

  it("cancelado: the reason, and the refund only when it had been paid", () => {
    const paid = orderCancelledForCustomer(
      statusChange({ status: "cancelado", paid: true, cancellationReason: "Sin stock.\nLo sentimos <3" }),
    );
    expect(paid.subject).toBe("Tu pedido LB-7K3F9Q fue cancelado");
    expectStatusMail(paid);
    expect(paid.text).toContain("Motivo:\n  Sin stock.\n  Lo sentimos <3\n");
    expect(paid.html).toContain("Lo sentimos &lt;3");
    expect(paid.text).toContain("te devolveremos $219.990 por el mismo medio de pago");
    const unpaid = orderCancelledForCustomer(statusChange({ status: "cancelado", paid: false }));
    expect(unpaid.text).not.toContain("te devolveremos $219.990");
    expect(unpaid.text).toContain("no hay nada que devolver");
    expect(unpaid.text).toContain("escríbenos a contacto@lifebox.cl con el comprobante");
  });

  it("cancelado with a refund through the provider: says the money was given back, and where", () => {
    const refunded = orderCancelledForCustomer(
      statusChange({ status: "cancelado", paid: true, refund: { provider: "webpay", amount: 219990 } }),
    );
    expectStatusMail(refunded);
    expect(refunded.text).toContain(
      "Devolvimos $219.990 a tu medio de pago (Webpay). Según tu banco, puede tardar unos días en verse.",
    );
    expect(refunded.text).not.toContain("te devolveremos");
    const flow = orderCancelledForCustomer(
      statusChange({ status: "cancelado", paid: true, refund: { provider: "flow", amount: 34990 } }),
    );
    expect(flow.html).toContain("Devolvimos $34.990 a tu medio de pago (Flow).");
  });

  it("each status is queued with its own kind and written out by it after a trip through JSON", () => {
    const kinds = {
      pagado: mailKinds.orderPaid,
      enviado: mailKinds.orderShipped,
      entregado: mailKinds.orderDelivered,
      cancelado: mailKinds.orderCancelled,
    } as const;
    for (const [status, kind] of Object.entries(kinds)) {
      const change = statusChange({
        status: status as keyof typeof kinds,
        courier: "correos",
        trackingNumber: "X1",
      });
      const notification = orderStatusNotification(change, "jose.munoz@example.cl");
      expect(notification).toMatchObject({ kind, to: "jose.munoz@example.cl" });
      const written = renderNotification(kind, JSON.parse(JSON.stringify(notification.templateData)));
      expect(written.subject).toContain("LB-7K3F9Q");
      expectSellerIdentity(written);
    }
  });
});

describe("newOrderForShop", () => {
  it("gives the shop the order and everything needed to ship it", () => {
    const mail = newOrderForShop(order());
    expect(mail.subject).toBe("Nuevo pedido LB-7K3F9Q: LifeBox Expedition ($219.990)");
    expect(mail.text).toContain("Pedido: LB-7K3F9Q\n");
    expect(mail.text).toContain("Kit: LifeBox Expedition\n");
    expect(mail.text).toContain("Total: $219.990\n");
    expect(mail.text).toContain("Envío: Gratis (Chile continental)\n");
    expect(mail.text).toContain("Nombre: José Muñoz\n");
    expect(mail.text).toContain("RUT: 12.345.678-5\n");
    expect(mail.text).toContain("Correo: jose.munoz@example.cl\n");
    expect(mail.text).toContain("Teléfono: +56 9 8765 4321\n");
    expect(mail.text).toContain("Dirección: Los Leones 456, depto. 7\n");
    expect(mail.text).toContain("Comuna: Las Condes\n");
    expect(mail.text).toContain("Región: Región Metropolitana de Santiago\n");
    expect(mail.text).toContain("Notas:\n  Dejar con el conserje.\n  Gracias\n");
    expect(mail.text).toContain(`https://lifebox.cl/pedido/${orderId}`);
    expect(mail.html).toContain('href="mailto:jose.munoz@example.cl?subject=Tu%20pedido%20LB-7K3F9Q"');
    expectWellFormedHtml(mail);
  });

  it("gives the shop the tax document to issue: a boleta, or a factura with the company's data (D24)", () => {
    expect(newOrderForShop(order()).text).toContain("Documento tributario");
    expect(newOrderForShop(order()).text).toContain("Documento: Boleta\n");
    const mail = newOrderForShop(order(factura));
    expect(mail.text).toContain("Documento: Factura\n");
    expect(mail.text).toContain("RUT de la empresa: 76.086.428-5\n");
    expect(mail.text).toContain("Razón social: Comercial Austral SpA\n");
    expect(mail.text).toContain("Giro: Venta de artículos de seguridad\n");
    expect(mail.text).toContain("Email para la factura: facturas@austral.cl\n");
    expectWellFormedHtml(mail);
  });

  it("leaves out what the customer did not give, and flags arranged shipping", () => {
    const mail = newOrderForShop(
      order({ rut: null, notes: "  ", region: "05", comuna: "05104", shippingKind: "arranged" }),
    );
    expect(mail.text).not.toContain("RUT:");
    expect(mail.text).not.toContain("Notas:");
    expect(mail.text).toContain("Envío: Por cotizar\n");
    expect(mail.text).toContain("Comuna: Juan Fernández\n");
    expect(mail.text).toContain("el pedido espera que ingreses el costo de envío");
  });

  it("escapes the customer's text", () => {
    const mail = newOrderForShop(
      order({ name: "<script>x</script>", notes: "<img src=x onerror=alert(1)>" }),
    );
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("quotation e-mails", () => {
  it("tells the shop who asked for what", () => {
    const mail = newQuoteForShop(quote());
    expect(mail.subject).toBe("Nueva cotización: LifeBox Industry para Minera Ñuble S.A.");
    for (const line of [
      "Producto: LifeBox Industry",
      "Cantidad de kits: 1.200",
      "Empresa: Minera Ñuble S.A.",
      "Nombre: Ana Pérez",
      "Correo: ana.perez@minera.example.cl",
      "Teléfono: +56 9 1111 2222",
      "Ciudad: Concepción",
      "Recibida: 1 de marzo de 2025, 09:00",
      "Notas adicionales:\n  Para tres faenas en Biobío.",
    ]) {
      expect(mail.text).toContain(`${line}\n`);
    }
    expect(mail.text).toContain("24 horas");
    expectWellFormedHtml(mail);
  });

  it("confirms to the customer what they sent and the 24-hour review", () => {
    const mail = quoteConfirmationForCustomer(quote());
    expect(mail.subject).toBe("Recibimos tu solicitud de cotización: LifeBox Industry");
    expect(mail.text).toContain("Hola, Ana Pérez:");
    expect(mail.text).toContain("la revisaremos dentro de 24 horas");
    expect(mail.text).toContain("Esto es lo que nos enviaste:");
    expect(mail.text).toContain("Producto: LifeBox Industry\nCantidad de kits: 1.200\n");
    expect(mail.html).toContain("1.200");
    expect(mail.text).toContain("Empresa: Minera Ñuble S.A.\n");
    expect(mail.text).toContain("Ciudad: Concepción\n");
    expect(mail.text).toContain("Notas adicionales:\n  Para tres faenas en Biobío.\n");
    expect(mail.html).toContain("Minera Ñuble S.A.");
    expectSellerIdentity(mail);
    expectWellFormedHtml(mail);
    expect(quoteConfirmationForCustomer(quote({ additionalNotes: null })).text).not.toContain(
      "Notas adicionales",
    );
  });

  it("writes a message queued before quotations had a quantity without one (migration 0015)", () => {
    const { quantity: _quantity, ...queuedBefore } = quote();
    for (const mail of [newQuoteForShop(queuedBefore), quoteConfirmationForCustomer(queuedBefore)]) {
      expect(mail.text).toContain("Producto: LifeBox Industry\nEmpresa: Minera Ñuble S.A.\n");
      expect(mail.text).not.toContain("Cantidad");
      expectWellFormedHtml(mail);
    }
  });

  it("escapes the customer's text", () => {
    const mail = quoteConfirmationForCustomer(quote({ fullName: "<script>", company: "A&B <Ltda>" }));
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Hola, &lt;script&gt;:");
    expect(mail.html).toContain("A&amp;B &lt;Ltda&gt;");
    expect(newQuoteForShop(quote({ fullName: "<script>" })).html).not.toContain("<script>");
  });
});

describe("newContactForShop", () => {
  it("forwards the message with a reply link", () => {
    const mail = newContactForShop(contact());
    expect(mail.subject).toBe("Nuevo mensaje de contacto: Envíos a Aysén");
    expect(mail.text).toContain("Nombre: Camila Rojas\n");
    expect(mail.text).toContain("Correo: camila@example.cl\n");
    expect(mail.text).toContain("Asunto: Envíos a Aysén\n");
    expect(mail.text).toContain("Mensaje:\n  Hola:\n  ¿Hacen envíos a Coyhaique?\n");
    expect(mail.html).toContain(
      `href="mailto:camila@example.cl?subject=${escapeHtml(encodeURIComponent("Re: Envíos a Aysén"))}"`,
    );
    expect(mail.html).toContain(
      'style="padding:6px 0;border-bottom:1px solid #e7e5e4;vertical-align:top;white-space:pre-wrap;"',
    );
    expectWellFormedHtml(mail);
  });

  it("keeps the subject on one bounded line and escapes the message", () => {
    const mail = newContactForShop(
      contact({ subject: "Hola\r\nBcc: todos@example.cl", name: "<script>alert(1)</script>" }),
    );
    expect(mail.subject).toBe("Nuevo mensaje de contacto: Hola Bcc: todos@example.cl");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const long = newContactForShop(contact({ subject: "á".repeat(400) })).subject;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("ready-to-queue notifications", () => {
  it("addresses the shop and the customer with the right kinds", () => {
    expect(orderNotifications(order(), "pedidos@lifebox.cl").map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: mailKinds.shopNewOrder, to: "pedidos@lifebox.cl" },
      { kind: mailKinds.orderConfirmation, to: "jose.munoz@example.cl" },
    ]);
    expect(quoteNotifications(quote(), "pedidos@lifebox.cl").map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: "shop-new-quote", to: "pedidos@lifebox.cl" },
      { kind: "quote-confirmation", to: "ana.perez@minera.example.cl" },
    ]);
    const [notice] = contactNotifications(contact(), "pedidos@lifebox.cl");
    expect(notice).toEqual({ kind: "shop-new-contact", to: "pedidos@lifebox.cl", templateData: contact() });
    for (const kind of Object.values(mailKinds)) expect(kind.length).toBeLessThanOrEqual(40);
  });

  it("writes each queued notification out with its kind's template, after a trip through JSON", () => {
    const throughJson = (data: unknown) => JSON.parse(JSON.stringify(data)) as unknown;
    const [shopOrder, customerOrder] = orderNotifications(order(), "pedidos@lifebox.cl");
    const [shopQuote, customerQuote] = quoteNotifications(quote(), "pedidos@lifebox.cl");
    const [shopContact] = contactNotifications(contact(), "pedidos@lifebox.cl");
    const cases = [
      [shopOrder, newOrderForShop(order())],
      [customerOrder, orderConfirmationForCustomer(order())],
      [shopQuote, newQuoteForShop(quote())],
      [customerQuote, quoteConfirmationForCustomer(quote())],
      [shopContact, newContactForShop(contact())],
    ] as const;
    for (const [queued, expected] of cases) {
      if (!queued || !("templateData" in queued))
        throw new Error("expected a notification with template data");
      expect(renderNotification(queued.kind, throughJson(queued.templateData))).toEqual(expected);
    }
  });

  it("refuses a kind without a template", () => {
    expect(() => renderNotification("toString", {})).toThrow('No mail template for the kind "toString"');
    expect(() => renderNotification("newsletter", {})).toThrow(/No mail template/);
  });
});

describe("formatMailDate", () => {
  it("shows Chile's time", () => {
    expect(formatMailDate("2025-07-01T03:30:00.000Z")).toBe("30 de junio de 2025, 23:30");
    expect(formatMailDate(new Date("2025-01-15T15:05:00.000Z"))).toBe("15 de enero de 2025, 12:05");
  });
});

describe("orders with several lines (docs/decisions/067)", () => {
  const lines = [
    { kitName: "LifeBox Essential", unitPrice: 219990, quantity: 2, lineTotal: 439980 },
    { kitName: "LifeBox Essential Mini", unitPrice: 139990, quantity: 1, lineTotal: 139990 },
  ];
  const withLines = { kitName: undefined, lines, subtotal: 579970, total: 579970 };

  it("lists each line with its quantity, unit price and amount, then the kits' amount and the total", () => {
    for (const mail of [orderConfirmationForCustomer(order(withLines)), newOrderForShop(order(withLines))]) {
      expect(mail.text).toContain("2 × LifeBox Essential: $439.980 ($219.990 c/u)\n");
      expect(mail.text).toContain("LifeBox Essential Mini: $139.990\n");
      expect(mail.text).toContain("Productos: $579.970\n");
      expect(mail.text).toContain("Total: $579.970\n");
      expect(mail.text).not.toContain("Kit:");
      expect(mail.html).toContain("2 × LifeBox Essential");
    }
    expect(orderConfirmationForCustomer(order(withLines)).subject).toBe(
      "Recibimos tu pedido LB-7K3F9Q: 2 × LifeBox Essential, LifeBox Essential Mini",
    );
    expect(newOrderForShop(order(withLines)).subject).toBe(
      "Nuevo pedido LB-7K3F9Q: 2 × LifeBox Essential, LifeBox Essential Mini ($579.970)",
    );
  });

  it("speaks of the kits in the plural in the status e-mails", () => {
    const shipped = orderShippedForCustomer(
      statusChange({ ...withLines, status: "enviado", courier: "starken" }),
    );
    expect(shipped.text).toContain("¡Tus 3 kits van en camino! Los entregamos a Starken.");
    const delivered = orderDeliveredForCustomer(statusChange({ ...withLines, status: "entregado" }));
    expect(delivered.text).toContain("Tus 3 kits fueron entregados.");
    expect(delivered.text).toContain("Cada kit tiene una garantía");
    expect(delivered.text).toContain("¿Cómo quedaron tus 3 kits en tu casa");
    const one = orderShippedForCustomer(
      statusChange({
        kitName: undefined,
        lines: [{ kitName: "LifeBox Nautical", unitPrice: 279990, quantity: 1, lineTotal: 279990 }],
        status: "enviado",
        courier: "starken",
      }),
    );
    expect(one.text).toContain("¡Tu LifeBox Nautical va en camino! Lo entregamos a Starken.");
    expect(one.text).toContain("LifeBox Nautical: $279.990\n");
  });
});
