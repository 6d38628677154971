/**
 * The texts of /como-funciona. A module of its own, read only by that page, so they stay out of the
 * script every public page loads (decision 038's Lighthouse note).
 */
import { orderingSteps } from "./site";
import { deliveryPromise, freeShippingNote, shippingExceptionsNote } from "./policies";

export const processPage = {
  title: "Cómo funciona",
  intro:
    "Cada LifeBox se fabrica cuando tú la pides. Así controlamos cada componente, evitamos kits olvidados en bodega y te entregamos un equipo completo y revisado.",
  // The page's second list: its title says it is the first list's last steps seen from inside.
  stepsHeading: "Por dentro: lo que hacemos desde tu pago hasta tu puerta",
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
