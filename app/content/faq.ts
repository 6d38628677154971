/**
 * Frequently asked questions (docs/product.md#spec-2 FAQ page and home FAQ section). Answers are plain text.
 * Every commercial fact (delivery promise, warranty, withdrawal days, shipping) is interpolated
 * from policies.ts (docs/product.md#d1, #d2, #d7, #d14), never written here as a literal.
 */
import type { FaqItem } from "./types";
import {
  deliveryPromise,
  freeShippingNote,
  quotationReviewTime,
  shippingExceptionsNote,
  warrantyMonths,
  withdrawalDays,
} from "./policies";

export const faqItems: FaqItem[] = [
  {
    question: "¿Qué significa que un kit sea IP67?",
    answer:
      "IP67 es una clasificación de la norma internacional IEC 60529: el 6 indica protección total contra el polvo y el 7, que la caja resiste la inmersión temporal en agua hasta 1 metro de profundidad durante 30 minutos. En la práctica, el contenido de tu LifeBox se mantiene seco y protegido frente a lluvia, barro, salpicaduras o una caída al agua.",
  },
  {
    question: "¿Por qué elegir LifeBox?",
    answer:
      "Porque cada kit está pensado para un escenario real (hogar, montaña, mar o industria) y no es un botiquín genérico. Los componentes van ordenados en módulos dentro de una caja rígida, resistente a golpes y hermética IP67, y cada kit se arma a pedido y pasa un control de calidad antes de salir. Además, te acompañamos antes y después de la compra.",
  },
  {
    question: "¿Cuánto demora en llegar mi kit?",
    answer: `El plazo de entrega es de ${deliveryPromise}. Tu pedido queda confirmado cuando recibimos el pago y te lo avisamos por correo electrónico.`,
  },
  {
    question: "¿Cómo hacen los envíos y cuánto cuestan?",
    answer: `${freeShippingNote}: despachamos por courier hasta la dirección que indiques al comprar. ${shippingExceptionsNote} Si necesitas un envío fuera de Chile, escríbenos antes de comprar y te cotizamos.`,
  },
  {
    question: "¿Qué garantía tienen los kits?",
    answer: `Todos los kits tienen ${warrantyMonths} meses de garantía contra defectos de fabricación de sus componentes y de la caja rígida. La garantía no cubre el mal uso, las caídas desde alturas extremas, las modificaciones no autorizadas ni la exposición prolongada a condiciones extremas. Esta garantía no reemplaza tus derechos de garantía legal según la Ley 19.496.`,
  },
  {
    question: "¿Cómo puedo pagar?",
    answer:
      "Al presionar «Comprar» completas tus datos de despacho y luego pagas con tarjeta de crédito, débito o prepago en la página de pago externa y segura de nuestro proveedor de pagos (Webpay de Transbank o Flow); al terminar vuelves a la página de tu pedido, que te dice si el pago se aprobó. Los medios de pago disponibles se muestran en esa página, y LifeBox nunca ve ni guarda los datos de tu tarjeta. Antes de pagar siempre ves el precio total en pesos chilenos, con IVA incluido.",
  },
  {
    question: "¿Los kits están en stock o se fabrican a pedido?",
    answer: `Cada LifeBox se fabrica a pedido: cuando se confirma tu pago, armamos tu kit con componentes nuevos, lo revisamos y lo sellamos. Por eso el plazo de entrega es de ${deliveryPromise}.`,
  },
  {
    question: "¿Hacen cotizaciones para empresas?",
    answer: `Sí. Usa el botón «Cotizar para empresa», en el catálogo o en la ficha de cualquier kit, e indícanos cantidades y datos de tu empresa. Revisamos tu solicitud dentro de ${quotationReviewTime}, te enviamos una cotización formal y, si la apruebas, puedes emitir tu orden de compra.`,
  },
  {
    question: "¿Puedo arrepentirme de mi compra?",
    answer: `Sí. Tienes ${withdrawalDays} días desde que recibes tu kit para ejercer el derecho de retracto, sin expresar causa, escribiéndonos con tu número de pedido. Los kits del catálogo se arman a pedido, pero no a tu medida, por lo que el retracto sí aplica. La excepción son los kits personalizados según tus especificaciones, que quedan excluidos como se indica en los Términos y condiciones y se te informa antes de pagar.`,
  },
  {
    question: "¿Qué trae cada kit y puedo personalizarlo?",
    answer:
      "En la ficha de cada kit encontrarás el contenido completo por categoría, las especificaciones técnicas y las certificaciones. Si necesitas otro contenido o cantidades distintas, por ejemplo para una empresa, pídelo en una cotización y te proponemos una configuración a medida. Recuerda que los kits personalizados según tus especificaciones no admiten derecho de retracto.",
  },
];
