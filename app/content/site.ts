/**
 * Spanish (es-CL) texts shared by the public pages: purpose, contact, not-found, footer and per-page
 * SEO. The home, process, FAQ and thank-you pages' own texts are in home-page.ts, process-page.ts,
 * faq-page.ts and thanks-page.ts, out of the script every page loads (decision 038). Commercial
 * facts are interpolated from policies.ts and contact data comes from a CompanyInfo argument
 * (docs/product.md#d1, #d2, #d7, #d10, #d14).
 */
import type { CompanyInfo } from "./company";
import {
  coverage,
  deliveryPromise,
  freeShippingNote,
  quotationReviewTime,
  shippingExceptionsNote,
  warrantyMonths,
  workingHours,
} from "./policies";

/** One numbered step ("1 Elige tu kit"). */
export interface NumberedStep {
  number: number;
  title: string;
  description: string;
}

/** The three ordering steps, shown on the home page and on the process page. */
export const orderingSteps: NumberedStep[] = [
  {
    number: 1,
    title: "Elige tu kit",
    description:
      "Compara las cuatro líneas y sus versiones Mini, revisa el contenido de cada una y elige la que calza con tu día a día.",
  },
  {
    number: 2,
    title: "Pago y confirmación",
    description:
      "Ingresa tus datos de despacho y paga con tarjeta en una página de pago externa y segura. Te confirmamos el pedido por correo electrónico.",
  },
  {
    number: 3,
    title: "Entrega segura",
    description: `Armamos tu kit a pedido y lo despachamos hasta tu puerta en ${deliveryPromise}.`,
  },
];

export const purpose = {
  title: "Nuestro propósito",
  intro: "LifeBox nace de una convicción simple: estar preparado no debería ser complicado ni un lujo.",
  quote: {
    text: "Prepararse no es vivir con miedo: es decidir hoy que mañana vas a poder cuidar a los tuyos.",
    attribution: "Equipo LifeBox",
  },
  whyLifeBox: {
    heading: "Por qué LifeBox",
    paragraphs: [
      "Chile es uno de los países más sísmicos del mundo y, además, convive con tsunamis, incendios forestales, aluviones y temporales. Aun así, muchas casas, autos y lugares de trabajo no tienen un kit de emergencia a mano, o tienen uno incompleto, disperso o vencido.",
      "Creamos LifeBox para cambiar eso. En vez de una mochila genérica, diseñamos kits específicos para cada escenario (hogar y espacios públicos, montaña, mar e industria), con componentes elegidos para lo que realmente puede pasar en cada uno de ellos.",
      "Cada kit va ordenado en módulos dentro de una caja rígida, resistente a golpes y hermética IP67, para que encuentres lo que necesitas en segundos, incluso a oscuras o bajo la lluvia. Lo fabricamos a pedido y lo revisamos componente por componente antes de enviarlo.",
      `Y respondemos por lo que vendemos: cada LifeBox tiene ${warrantyMonths} meses de garantía contra defectos de fabricación, y nuestro equipo te acompaña antes y después de la compra.`,
    ],
  },
  vision: {
    heading: "Visión",
    text: "Que en Chile cada hogar, vehículo, embarcación y lugar de trabajo cuente con un kit de emergencia confiable y completo.",
  },
  mission: {
    heading: "Misión",
    text: "Diseñar y fabricar kits de supervivencia modulares, herméticos y fáciles de usar, y acompañar a personas y empresas para que se preparen antes de que ocurra la emergencia.",
  },
};

export const contact = {
  title: "Contacto",
  intro:
    "¿Tienes dudas sobre un kit, un pedido o una compra para tu empresa? Escríbenos y te responderemos a la brevedad.",
  form: {
    heading: "Envíanos un mensaje",
    nameLabel: "Nombre",
    emailLabel: "Email",
    subjectLabel: "Asunto",
    messageLabel: "Mensaje",
    submitLabel: "Enviar mensaje",
    submittingLabel: "Enviando...",
    successMessage: "¡Mensaje enviado correctamente!",
    errorMessage: "Ocurrió un error al enviar el mensaje. Intenta de nuevo.",
    /** "Política de privacidad" is a link to /privacidad (issue 12). */
    privacyNotice: {
      before: "Usaremos tus datos solo para responder tu mensaje, como se explica en nuestra ",
      link: "Política de privacidad",
      after: ".",
    },
  },
  infoCard: {
    heading: "Información de contacto",
    emailLabel: "Email",
    phoneLabel: "Teléfono",
    whatsappLabel: "WhatsApp",
    addressLabel: "Dirección",
    hoursLabel: "Horario de atención",
    coverageLabel: "Cobertura",
    workingHours,
    coverage,
  },
};

export const notFound = {
  title: "¡Ups! Página no encontrada",
  text: "La página que buscas no existe o cambió de dirección.",
  homeLink: { label: "Volver al inicio", href: "/" },
};

/** The chat button of every page (the panel's texts are in ./chatbot, loaded with the panel). */
export const chatButton = {
  openLabel: "Abrir chat de ayuda",
  /** The button before the page's JavaScript runs (or without it): a link to the contact form. */
  noScriptLabel: "Chat de ayuda: sin JavaScript, ir al formulario de contacto",
} as const;

export const footer = {
  blurb:
    "Kits de supervivencia modulares, resistentes a golpes y herméticos IP67, fabricados a pedido para el hogar, la montaña, el mar y la industria.",
  deliveryLine: `Entrega en ${deliveryPromise}.`,
  freeShippingLine: `${freeShippingNote}.`,
  shippingFootnote: `*${freeShippingNote}. ${shippingExceptionsNote}`,
  navHeading: "Navegación",
  contactHeading: "Contacto",
  socialHeading: "Síguenos",
  legalHeading: "Información legal",
  legalLinks: {
    terms: { label: "Términos y condiciones", href: "/terminos" },
    privacy: { label: "Política de privacidad", href: "/privacidad" },
  },
  // The seller's identity, required by Ley 19.496 / DS 6 (D14).
  sellerIdentity: (company: CompanyInfo) => `${company.legalName} · RUT ${company.rut} · ${company.address}`,
  copyright: (company: CompanyInfo, year: number) =>
    `© ${year} ${company.brand}. Todos los derechos reservados.`,
  newsletter: {
    heading: "Suscríbete a nuestro boletín",
    text: "Consejos de preparación ante emergencias y novedades de LifeBox, sin spam.",
    emailLabel: "Email",
    placeholder: "tu@correo.cl",
    submitLabel: "Suscribirme",
    submittingLabel: "Enviando...",
    successMessage: "¡Gracias por suscribirte!",
    errorMessage: "Ocurrió un error al enviar el mensaje. Intenta de nuevo.",
    // Ley 21.719 (D14): the consent notice under the field, followed by the privacy policy's link.
    consentNotice:
      "Al suscribirte aceptas recibir nuestro boletín por correo electrónico. Puedes darte de baja con un clic desde cualquier envío. Más información en nuestra",
    privacyLinkLabel: "Política de privacidad.",
  },
};

export const seo = {
  home: {
    title: "LifeBox Survival Kits | Kits de emergencia IP67 en Chile",
    description:
      "Kits de emergencia y supervivencia modulares y herméticos IP67 para hogar, montaña, mar e industria. Fabricados a pedido, con envío gratis a Chile continental.",
  },
  catalogue: {
    title: "Kits de emergencia y supervivencia | LifeBox",
    description:
      "Compara las líneas Essential, Expedition, Nautical e Industry, en versión estándar y Mini. Filtra por línea, revisa precios y contenido, y compra en línea.",
  },
  process: {
    title: "Cómo funciona: fabricación a pedido | LifeBox",
    description: `Tu LifeBox se fabrica a pedido, pasa un control de calidad y llega a tu puerta en ${deliveryPromise}.`,
  },
  purpose: {
    title: "Nuestro propósito y visión | LifeBox",
    description:
      "Por qué creamos LifeBox: kits de emergencia confiables y fáciles de usar para que cada hogar, equipo y empresa en Chile esté preparado ante lo inesperado.",
  },
  faq: {
    title: "Preguntas frecuentes | LifeBox",
    description: `Resolvemos tus dudas sobre IP67, plazos de entrega, envíos, medios de pago, cotizaciones para empresas, derecho de retracto y la garantía de ${warrantyMonths} meses.`,
  },
  contact: {
    title: "Contacto y atención a clientes | LifeBox",
    description:
      "Escríbenos por el formulario, correo, teléfono o WhatsApp. Te ayudamos a elegir tu kit de emergencia o a cotizar para tu empresa. Despachamos a todo Chile.",
  },
  thanks: {
    title: "Gracias por cotizar | LifeBox",
    description: `Recibimos tu solicitud de cotización. La revisamos dentro de ${quotationReviewTime} y te enviamos una cotización formal para tu empresa por correo electrónico.`,
  },
  terms: {
    title: "Términos y condiciones | LifeBox",
    description:
      "Condiciones de compra en LifeBox según la Ley 19.496: precios, pago, envíos, fabricación a pedido, garantía, derecho de retracto y atención de reclamos.",
  },
  privacy: {
    title: "Política de privacidad | LifeBox",
    description:
      "Cómo LifeBox trata tus datos personales según las leyes 19.628 y 21.719: qué datos recopilamos, para qué, cuánto tiempo los guardamos y cuáles son tus derechos.",
  },
  notFound: {
    title: "Página no encontrada | LifeBox",
    description:
      "La página que buscas no existe o cambió de dirección. Vuelve al inicio de LifeBox para conocer nuestros kits de emergencia y supervivencia IP67.",
  },
};

export type SeoPage = keyof typeof seo;
