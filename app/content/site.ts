/**
 * Spanish (es-CL) texts of the public pages: home, process, purpose, FAQ, contact, thank-you,
 * not-found, footer and per-page SEO. Commercial facts are interpolated from policies.ts and
 * contact data comes from a CompanyInfo argument (DECISIONS D1, D2, D7, D10, D14).
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

export const home = {
  hero: {
    headline: "LifeBox Survival Kits",
    subheadline:
      "Kits de emergencia y supervivencia modulares, resistentes a golpes y herméticos IP67, para tu hogar, la montaña, el mar y tu lugar de trabajo.",
    cta: { label: "Elige tu LifeBox", href: "/productos" },
  },
  productLines: {
    heading: "Nuestras líneas",
    intro:
      "Cuatro líneas diseñadas para escenarios distintos, cada una en versión estándar y Mini. Elige según dónde estás y cuántas personas dependen de ti.",
    cardButtonLabel: "Ver producto",
    lines: {
      essential: {
        title: "LifeBox Essential",
        description:
          "Para el hogar, la oficina y los espacios públicos: lo esencial para enfrentar un terremoto, un corte de luz o una evacuación.",
      },
      expedition: {
        title: "LifeBox Expedition",
        description:
          "Para expediciones de montaña y travesías por tierra, donde el frío, la distancia y la falta de señal ponen a prueba tu equipo.",
      },
      nautical: {
        title: "LifeBox Nautical",
        description:
          "Para la navegación y las actividades en el agua: señalización, abrigo y primeros auxilios a salvo del agua y la sal.",
      },
      industry: {
        title: "LifeBox Industry",
        description:
          "Para fábricas, faenas y plantas de producción: respuesta inmediata ante accidentes laborales y emergencias con muchas personas.",
      },
    },
    miniNote:
      "Cada línea tiene una versión Mini: el mismo concepto en un formato compacto, para el auto, la mochila o espacios reducidos.",
  },
  howItWorks: {
    heading: "¿Cómo funciona?",
    intro: "Tener tu LifeBox es simple: tres pasos y lo recibes listo para usar.",
    steps: orderingSteps,
    link: { label: "Conoce el proceso", href: "/como-funciona" },
  },
  purpose: {
    heading: "Nuestro propósito",
    text: "En Chile la pregunta no es si viviremos una emergencia, sino cuándo. Queremos que prepararse sea simple, confiable y al alcance de todos, para que cada familia, equipo y empresa tenga a mano lo necesario cuando más importa.",
    link: { label: "Conoce nuestro propósito", href: "/proposito" },
  },
  // The customer gallery (D16), written here so the home page loads nothing more for it.
  gallery: {
    heading: "Clientes LifeBox",
    text: "Mira cómo nuestros clientes tienen sus kits listos en la casa, el auto, la montaña o el bote, y comparte el tuyo con tu número de pedido.",
    galleryLink: { label: "Ver la galería de clientes", href: "/galeria" },
    shareLink: { label: "Comparte tu LifeBox", href: "/galeria/compartir" },
  },
  faq: {
    heading: "Preguntas frecuentes",
    intro: "Resolvemos las dudas más comunes sobre nuestros kits, envíos y garantía.",
    link: { label: "Ver todas las preguntas", href: "/faq" },
  },
};

export const processPage = {
  title: "Cómo Funciona",
  intro:
    "Cada LifeBox se fabrica cuando tú la pides. Así controlamos cada componente, evitamos kits olvidados en bodega y te entregamos un equipo completo y revisado.",
  steps: [
    {
      number: 1,
      title: "Fabricación a pedido",
      description:
        "Tu kit comienza a armarse cuando se confirma tu pedido. Seleccionamos componentes nuevos para tu LifeBox, sin stock antiguo ni productos próximos a vencer.",
    },
    {
      number: 2,
      title: "Fabricación y control de calidad",
      description:
        "Ordenamos cada componente en sus módulos dentro de la caja rígida y revisamos uno por uno contra la lista de contenido del kit. Antes de sellarla, comprobamos los cierres y el sello hermético IP67.",
    },
    {
      number: 3,
      title: "Entrega segura",
      description: `Despachamos tu LifeBox embalada y protegida por courier hasta la dirección que indicaste. La recibes en ${deliveryPromise}.`,
    },
  ],
  shipping: {
    heading: "Cobertura de envíos",
    paragraphs: [
      `${freeShippingNote}: el envío va incluido en el precio y lo despachamos hasta tu puerta.`,
      shippingExceptionsNote,
      `El plazo de entrega es de ${deliveryPromise}, también para empresas con pedidos por cotización, salvo que la cotización indique otro plazo.`,
    ],
  },
  ordering: {
    heading: "Tu pedido en tres pasos",
    steps: orderingSteps,
    cta: { label: "Elige tu LifeBox", href: "/productos" },
  },
};

export const purpose = {
  title: "Nuestro Propósito",
  intro: "LifeBox nace de una convicción simple: estar preparado no debería ser complicado ni un lujo.",
  quote: {
    text: "Prepararse no es vivir con miedo: es decidir hoy que mañana vas a poder cuidar a los tuyos.",
    attribution: "Equipo LifeBox",
  },
  whyLifeBox: {
    heading: "Por Qué LifeBox",
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

export const faqPage = {
  title: "Preguntas Frecuentes",
  intro: "Aquí respondemos las dudas más comunes sobre nuestros kits, la compra, los envíos y la garantía.",
  contact: {
    heading: "¿No encontraste tu respuesta?",
    text: "Escríbenos o llámanos y te ayudamos a elegir el kit adecuado.",
    emailLabel: "Email",
    phoneLabel: "Teléfono",
    link: { label: "Ir a Contacto", href: "/contacto" },
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
    /** "Política de Privacidad" is a link to /privacidad (issue 12). */
    privacyNotice: {
      before: "Usaremos tus datos solo para responder tu mensaje, como se explica en nuestra ",
      link: "Política de Privacidad",
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

export const thanks = {
  title: "¡Gracias por cotizar!",
  intro: (productName?: string) => {
    const name = productName?.trim();
    return name
      ? `Recibimos tu solicitud de cotización por ${name}. Te contactaremos pronto con una propuesta a la medida de tu empresa.`
      : "Recibimos tu solicitud de cotización. Te contactaremos pronto con una propuesta a la medida de tu empresa.";
  },
  nextStepsHeading: "¿Qué sigue?",
  nextSteps: [
    {
      number: 1,
      title: "Revisamos tu solicitud",
      description: `Nuestro equipo revisa tu solicitud dentro de ${quotationReviewTime} y, si falta algún dato, te contacta.`,
    },
    {
      number: 2,
      title: "Preparamos tu cotización",
      description: "Calculamos precios, cantidades y plazos según lo que necesita tu empresa.",
    },
    {
      number: 3,
      title: "Te enviamos el documento formal",
      description: "Recibirás por correo electrónico la cotización formal, con su detalle y vigencia.",
    },
    {
      number: 4,
      title: "Generas tu orden de compra",
      description:
        "Si la cotización te acomoda, puedes emitir tu orden de compra y comenzamos a fabricar tus kits.",
    },
  ],
  stayInformed: {
    heading: "Mantente informado",
    text: "Suscríbete a nuestro boletín al pie de la página y recibe consejos de preparación ante emergencias y novedades de LifeBox. Puedes darte de baja cuando quieras.",
  },
  links: {
    home: { label: "Volver al inicio", href: "/" },
    catalogue: { label: "Ver productos", href: "/productos" },
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
    terms: { label: "Términos y Condiciones", href: "/terminos" },
    privacy: { label: "Política de Privacidad", href: "/privacidad" },
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
    privacyLinkLabel: "Política de Privacidad.",
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
    title: "Términos y Condiciones | LifeBox",
    description:
      "Condiciones de compra en LifeBox según la Ley 19.496: precios, pago, envíos, fabricación a pedido, garantía, derecho de retracto y atención de reclamos.",
  },
  privacy: {
    title: "Política de Privacidad | LifeBox",
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

/** All page texts in one object, for authors who prefer `site.process` etc. */
export const site = {
  home,
  process: processPage,
  purpose,
  faq: faqPage,
  contact,
  thanks,
  notFound,
  footer,
  seo,
} as const;
