/**
 * The texts of the thank-you page /gracias (and the e-mails and chatbot answers that repeat them).
 * A module of its own, so they stay out of the script every public page loads (decision 038).
 */
import { quotationReviewTime } from "./policies";

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
