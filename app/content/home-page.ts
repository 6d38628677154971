/**
 * The texts of the home page. A module of its own, read only by that page, so they stay out of the
 * script every public page loads (decision 038's Lighthouse note).
 */
import { orderingSteps } from "./site";

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
