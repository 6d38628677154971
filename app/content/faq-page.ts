/**
 * The texts of /faq around its questions (content/faq.ts). A module of its own, read only by that
 * page, so they stay out of the script every public page loads (decision 038's Lighthouse note).
 */

export const faqPage = {
  title: "Preguntas frecuentes",
  intro: "Aquí respondemos las dudas más comunes sobre nuestros kits, la compra, los envíos y la garantía.",
  contact: {
    heading: "¿No encontraste tu respuesta?",
    text: "Escríbenos o llámanos y te ayudamos a elegir el kit adecuado.",
    emailLabel: "Email",
    phoneLabel: "Teléfono",
    link: { label: "Ir a contacto", href: "/contacto" },
  },
};
