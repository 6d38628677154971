/**
 * What the chatbot says and the words it knows (issue 13, docs/product.md#d17). Facts (prices, counts,
 * days, hours) are never written here: the answers interpolate ./policies or are built from ./kits
 * by app/services/chatbot. The phrasings and synonyms below only help the search find a topic.
 */
import { orderPageTexts } from "./order-page";
import type { ProductLine } from "./types";
import {
  deliveryPromise,
  freeShippingNote,
  orderProcessingHours,
  quotationReviewTime,
  shippingExceptionsNote,
  warrantyMonths,
  withdrawalDays,
  workingHours,
} from "./policies";

/** Longest question searched; longer input is cut here (and the answer says nothing about it). */
export const chatbotMaxQuestionLength = 500;

/** Said when a visitor sends messages faster than the server accepts them. */
export const chatRateLimitMessage =
  "Estás enviando mensajes muy seguido. Espera un minuto y vuelve a intentarlo.";

export const chatbotTexts = {
  greeting:
    "¡Hola! Soy el asistente de LifeBox. Pregúntame por los kits, sus precios y contenidos, el envío, la garantía, el pago o el estado de tu pedido.",
  thanks: "¡De nada! Si tienes otra pregunta, aquí estoy.",
  fallback:
    "No estoy seguro de haber entendido tu pregunta. Escríbenos por WhatsApp o con el formulario de contacto y te respondemos a la brevedad.",
  tooLong: "Tu mensaje es muy largo; leí solo el comienzo.",
  whatsappLabel: "Escribir por WhatsApp",
  contactFormLabel: "Formulario de contacto",
  faqLabel: "Preguntas frecuentes",
  catalogueLabel: "Todos los productos",
  termsLabel: "Términos y condiciones",
  goodbye: "¡Chao! Gracias por escribirnos. Si tienes otra pregunta, aquí estoy.",
  acknowledged: "¡Perfecto! Si tienes otra pregunta, aquí estoy.",
  cartLabel: "Tu carro",
  processLabel: "Cómo funciona",
} as const;

/** Short answers to the shop-wide topics, from ./policies (the FAQ page has the long ones). */
export const policyAnswers = {
  delivery: `El plazo de entrega es de ${deliveryPromise}. Preparamos tu pedido en ${orderProcessingHours} y el pedido queda confirmado cuando recibimos el pago.`,
  shipping: `${freeShippingNote}: despachamos por courier a la dirección que indiques. ${shippingExceptionsNote}`,
  continental: `«Chile continental» es el territorio de Chile en el continente, de norte a sur, donde el envío es gratis. ${shippingExceptionsNote}`,
  warranty: `Todos los kits tienen ${warrantyMonths} meses de garantía contra defectos de fabricación de sus componentes y de la caja, además de tu garantía legal.`,
  withdrawal: `Tienes ${withdrawalDays} días desde que recibes tu kit para arrepentirte de la compra (derecho de retracto), sin expresar causa: escríbenos con tu número de pedido. No aplica a kits personalizados.`,
  payment:
    "Pagas con tarjeta en una página de pago externa y segura, después de completar tus datos de despacho. El precio se muestra en pesos chilenos con IVA incluido y LifeBox nunca ve los datos de tu tarjeta.",
  madeToOrder: `Cada kit se arma a pedido cuando se confirma tu pago, con componentes nuevos, y se revisa antes de salir. Por eso el plazo de entrega es de ${deliveryPromise}.`,
  quotation: `Sí, cotizamos para empresas: usa el botón «Cotizar para empresa», en el catálogo o en la ficha del kit, con las cantidades y los datos de tu empresa. Te respondemos dentro de ${quotationReviewTime}.`,
  customisation:
    "La ficha de cada kit muestra su contenido completo. Si necesitas otro contenido o cantidades distintas, pídelo en una cotización y te proponemos un kit a medida (los kits personalizados no tienen derecho de retracto).",
  ip67: "IP67 significa protección total contra el polvo y resistencia a la inmersión temporal en agua (hasta 1 metro durante 30 minutos): el contenido de tu kit se mantiene seco.",
  whyLifebox:
    "Cada kit está pensado para un escenario real (hogar, montaña, mar o industria), con sus componentes ordenados en módulos dentro de una caja rígida y hermética IP67, armado a pedido y revisado antes de salir.",
  hours: `Atendemos de ${workingHours.charAt(0).toLowerCase()}${workingHours.slice(1)}.`,
  orderStatus:
    "Puedo revisar el estado de tu pedido: escríbeme su número (por ejemplo LB-7K3F9Q, viene en el correo de confirmación de tu compra) y el correo con que compraste.",
} as const;

/**
 * What the bot says about a visitor's order (issue 13; docs/decisions/040). The status itself is
 * said with the order page's words (./forms `orderPageTexts`, and the status labels).
 */
export const chatOrderTexts = {
  needsEmail: "Para revisar ese pedido necesito también el correo con que compraste.",
  needsNumber:
    "Para revisar tu pedido necesito también su número (por ejemplo LB-7K3F9Q, viene en el correo de confirmación de tu compra).",
  notFound:
    "No encontramos un pedido con ese número y correo. Revisa ambos datos (el número viene en el correo de confirmación, por ejemplo LB-7K3F9Q) o escríbenos por WhatsApp o con el formulario de contacto.",
  tooManyAttempts:
    "Por seguridad no puedo buscar más pedidos por ahora. Escríbenos por WhatsApp o con el formulario de contacto con tu número de pedido y te ayudamos.",
  found: (number: string, kitName: string, status: string) =>
    `Tu pedido ${number} (${kitName}) está en estado «${status}».`,
  unpaid: `Aún no recibimos el pago: puedes completarlo con «${orderPageTexts.payNow}» en la página de tu pedido.`,
  orderLinkLabel: (number: string) => `Ver el pedido ${number}`,
} as const;

/**
 * How visitors name each line's scenario; each phrase is indexed with the line's "use" topics so
 * that "¿qué kit sirve para el bote?" finds the Nautical kits.
 */
export const lineScenarioPhrases: Record<ProductLine, string[]> = {
  essential: [
    "kit para la casa",
    "para el hogar y la familia",
    "para terremoto sismo o temblor",
    "incendio o corte de luz",
    "para la oficina",
    "para el auto o el departamento",
    "evacuacion emergencia en casa",
  ],
  expedition: [
    "kit para la montaña",
    "que kit llevo a la montaña",
    "para el cerro",
    "trekking camping senderismo",
    "para expedicion o excursion",
    "andinismo escalada",
    "para la mochila",
    "aventura en terreno",
  ],
  nautical: [
    "kit para el barco",
    "cual es el kit para el barco",
    "para navegar",
    "para el mar",
    "kayak o moto de agua",
    "a bordo de una embarcacion",
    "para pesca o buceo",
  ],
  industry: [
    "kit para la fabrica",
    "para trabajadores",
    "kit para mis trabajadores",
    "que kit necesito para la faena",
    "para el trabajo",
    "planta de produccion",
    "faena obra construccion",
    "bodega o taller",
    "accidente laboral mineria",
  ],
};

/** Words naming each line's scenario, added to every text of the line's kits. */
export const lineKeywords: Record<ProductLine, string> = {
  essential: "casa hogar",
  expedition: "montaña",
  nautical: "barco mar",
  industry: "fabrica trabajo",
};

/** Filler words of chat messages, dropped with the stop words. */
export const chatbotExtraStopWords = [
  "info",
  "porfa",
  "xfa",
  "oiga",
  "consulta",
  "alguien",
  "ahi",
  "quiero",
  "quisiera",
  "queda",
  "hacer",
  "va",
];

/**
 * Hand-written phrasings per topic (Chilean wording included), indexed beside the content so that
 * the usual questions match. Keys are topic ids; a kit topic's phrasings are per kind.
 */
export const topicPhrasings: Record<string, string[]> = {
  greeting: ["hola", "hola como estas", "alo hay alguien", "hola hay alguien ahi"],
  thanks: [
    "gracias",
    "muchas gracias",
    "vale gracias",
    "perfecto gracias",
    "chao",
    "adios hasta luego",
    "nos vemos saludos",
    "muchas gracias por la info muy amable",
    "bacan gracias muy amable",
    "ok vale",
    "ok listo",
    "ya dale",
    "chao gracias",
    "buenisimo gracias",
  ],
  catalogue: [
    "que kits venden",
    "cuales son los precios",
    "lista de precios",
    "que productos tienen",
    "modelos de kit",
    "catalogo de kits",
  ],
  delivery: [
    "cuanto demora en llegar",
    "cuantos dias tarda el envio",
    "plazo de entrega",
    "cuando llega mi pedido",
    "en cuanto tiempo llega",
    "si compro hoy cuando llega",
    "cuando me llega",
    "y si no cumplen el plazo de entrega",
    "que pasa si se atrasan con la entrega",
    "el plazo de entrega para empresas es el mismo",
  ],
  shipping: [
    "hacen envio a regiones",
    "cuanto cuesta el envio",
    "el envio es gratis",
    "envian a mi ciudad",
    "envian fuera de chile",
    "con que courier envian",
    "envian a mi region o comuna",
    "envios internacionales",
    "el envio va incluido en el precio o tiene costo aparte",
    "llega a domicilio o hay que retirarlo en una sucursal",
    "despachan a la casa",
    "lo dejan en la puerta de la casa",
    "hacen entregas o despacho a domicilio",
  ],
  continental: [
    "que significa chile continental",
    "que es continental",
    "envian a isla de pascua",
    "llega a juan fernandez",
    "envian a la antartica",
    "envio a islas",
  ],
  warranty: [
    "que garantia tienen",
    "cuanto dura la garantia",
    "si llega con falla",
    "llego con falla que hago",
    "viene con garantia",
    "se rompio el kit",
    "no funciona que hago",
    "como hago valer la garantia",
    "como hago efectiva la garantia",
    "si viene fallado me lo cambian o me devuelven la plata",
    "mi kit llego con la caja rota",
    "llego danado o incompleto que hago",
    "las baterias vencidas entran en la garantia",
    "la garantia cubre lo que se vence o se gasta",
    "el kit llego incompleto le falta algo",
  ],
  withdrawal: [
    "puedo devolver el kit",
    "me arrepenti de la compra",
    "derecho a retracto",
    "quiero devolverlo",
    "reembolso de la compra",
    "anular la compra",
    "me devuelven el dinero",
    "si no me gusta",
    "si devuelvo el kit quien paga el envio de vuelta",
    "el retiro para devolverlo tiene costo",
    "en cuanto tiempo me devuelven la plata si me retracto",
    "cuando me devuelven el dinero del retracto",
    "puedo devolver por retracto un kit personalizado",
    "si me arrepiento tengo que pagar el envio de devolucion",
  ],
  payment: [
    "como puedo pagar",
    "medios de pago",
    "aceptan tarjeta de credito",
    "puedo pagar con debito",
    "pagar en cuotas",
    "transferencia",
    "pagar en efectivo",
    "pagar con mercado pago o paypal",
    "el precio incluye iva",
  ],
  madeToOrder: [
    "tienen stock",
    "los kits estan en stock",
    "se fabrican a pedido",
    "hay disponibilidad",
    "los arman a pedido",
    "vienen armados",
    "los componentes son nuevos",
    "estan listos para enviar",
  ],
  quotation: [
    "cotizacion para empresas",
    "precio por mayor",
    "necesito varios kits para mi empresa",
    "factura para empresa",
    "orden de compra",
    "descuento por cantidad",
    "como pido una cotizacion",
    "cuanto se demoran en responder una cotizacion",
    "en cuanto tiempo responden la cotizacion",
    "hasta cuantos kits puedo pedir en una cotizacion",
    "cantidad maxima de kits en una cotizacion",
    "quiero comprar muchos kits para mi empresa constructora",
    "necesito kits para los trabajadores de mi pyme",
  ],
  customisation: [
    "puedo personalizar el kit",
    "kit a medida",
    "quiero un kit personalizado",
    "cambiar el contenido del kit",
    "agregar mas cosas al kit",
    "kit con la marca o el logotipo de mi empresa",
  ],
  ip67: ["que significa ip67", "es resistente al agua", "es impermeable", "se moja la caja"],
  whyLifebox: [
    "por que elegir lifebox",
    "por que comprarles",
    "que los diferencia",
    "son buenos",
    "por que comprarles a ustedes y no un botiquin cualquiera del super",
    "en que se diferencian de un botiquin generico",
    "quienes son lifebox",
    "a que se dedican",
  ],
  contact: [
    "telefono de contacto",
    "correo de contacto",
    "donde estan ubicados direccion",
    "numero de whatsapp",
    "como los contacto",
    "hablar con un vendedor",
    "hablar con un ejecutivo",
    "instagram facebook",
    "tienen whatsapp",
    "me pasas el numero de telefono para llamarlos",
    "tienen instagram insta o face facebook redes sociales",
    "donde quedan su oficina",
    "cual es su direccion",
    "donde queda lifebox",
  ],
  hours: [
    "horario de atencion",
    "a que hora atienden",
    "atienden los sabados",
    "hasta que hora estan",
    "atienden en la semana",
  ],
  orderStatus: [
    "estado de mi pedido",
    "donde esta mi pedido",
    "seguimiento de mi pedido",
    "numero de pedido",
    "no me ha llegado mi compra",
    "mi pedido no llega",
    "ya enviaron mi pedido",
    "ya despacharon mi pedido",
    "mi pedido viene atrasado",
    "perdi el link de mi pedido",
    "como veo mi pedido",
    "no encuentro el enlace de mi compra",
    "te doy mi correo y el numero de pedido para ver su estado",
  ],
  dataSharing: [
    "venden mis datos a otras empresas",
    "comparten mis datos personales con terceros",
    "que hacen con mis datos",
  ],
  dataRetention: [
    "cuanto tiempo guardan mis datos",
    "por cuanto tiempo conservan mis datos de compra",
    "hasta cuando tienen mi informacion",
  ],
  dataRights: [
    "puedo pedir que borren mis datos",
    "quiero que eliminen mi informacion personal",
    "como ejerzo mis derechos sobre mis datos personales",
    "supresion rectificacion acceso a mis datos",
  ],
  cookies: [
    "usan cookies",
    "tienen cookies de publicidad o rastreadores",
    "el sitio usa cookies de terceros",
  ],
  newsletter: [
    "darme de baja del boletin o newsletter de correos con novedades y consejos de lifebox",
    "no quiero recibir mas el boletin",
    "como me suscribo al boletin",
    "desuscribirme del newsletter",
    "como me desinscribo de sus correos o mails",
  ],
  minimumAge: [
    "hay que ser mayor de edad para comprar",
    "puede comprar un menor de edad",
    "desde que edad se puede comprar",
  ],
  legal: [
    "donde leo los terminos y condiciones",
    "terminos y condiciones de compra",
    "politica de privacidad",
    "donde estan las condiciones de venta",
  ],
  complaints: [
    "a quien le reclamo si lifebox no me responde un reclamo por mi compra",
    "hacer un reclamo a lifebox por mi compra de un kit",
    "puedo reclamar en el sernac",
    "donde pongo o dejo un reclamo",
    "no estoy conforme con la respuesta de lifebox a mi reclamo",
  ],
  paymentStatus: [
    "me rechazaron el pago igual me cobraron",
    "el pago fue rechazado que hago",
    "sale que estan confirmando mi pago tengo que pagar de nuevo",
    "mi pedido dice pendiente de pago",
    "puedo pagar despues o hay que pagar al tiro",
    "guarde el pedido y no lo pague",
    "puedo pagarlo despues o mas tarde",
  ],
  currency: [
    "en que moneda cobran",
    "puedo pagar en dolares",
    "los precios estan en pesos chilenos o en dolares",
    "aceptan dolares o euros",
  ],
  tracking: [
    "me dan numero de tracking cuando lo mandan",
    "seguimiento del envio",
    "como hago el seguimiento de mi envio",
    "como me entero cuando el kit salio despachado",
    "me avisan cuando despachan mi pedido",
    "numero de seguimiento del courier",
  ],
  orderCancelled: [
    "cancelaron mi pedido y ya habia pagado me devuelven la plata",
    "me anularon la compra pagada",
    "pedido cancelado devolucion del pago",
    "si anulan mi pedido pagado me devuelven la plata",
  ],
  cartLimit: [
    "cuantos kits iguales puedo echar al carro como maximo",
    "cantidad maxima de kits por pedido",
    "puedo comprar 30 kits en el carro",
    "cuantos kits puedo comprar como maximo en un pedido",
    "se pueden comprar muchos kits iguales en una compra",
    "limite para comprar kits",
  ],
  purpose: [
    "cual es la mision de la empresa",
    "cual es su vision",
    "proposito de lifebox",
    "por que nace lifebox",
  ],
};

/** Extra phrasings of every kit's topics; `{kit}` is not used: the kit's names are added. */
export const kitTopicPhrasings = {
  price: ["precio", "cuanto cuesta", "valor del kit", "precio en pesos"],
  contents: ["que trae", "que contiene", "contenido", "que incluye", "que viene en la caja", "componentes"],
  specs: [
    "especificaciones",
    "medidas",
    "dimensiones",
    "cuanto pesa",
    "peso",
    "tamaño",
    "temperatura",
    "certificaciones",
    "material",
    "es sumergible",
    "profundidad cuantos metros",
  ],
  use: [
    "para que sirve",
    "para quien es",
    "para cuantas personas es",
    "capacidad",
    "recomendado para",
    "sirve para",
    "para cuantos dias alcanza",
    "cuantos dias dura",
    "autonomia",
    "cabe en",
  ],
} as const;

/**
 * Chilean wording, slang and common misspellings, rewritten before the search (on the question and
 * on the indexed text alike). Keys are folded (no accents, ñ kept) and matched as whole words;
 * multi-word keys are matched as phrases first.
 */
export const chatbotSynonyms: Record<string, string> = {
  // An order that has not arrived is a question about the order, not about delivery times.
  "no me llega": "atrasado",
  "no me ha llegado": "atrasado",
  "no ha llegado": "atrasado",
  "no me llego": "atrasado",
  "no llego": "atrasado",
  "no llega": "atrasado",
  "nunca llego": "atrasado",
  // The weekend, for the opening hours.
  "fin de semana": "sabado",
  finde: "sabado",
  // Kinds of kits, and what is for sale.
  tipos: "modelos",
  clases: "modelos",
  opciones: "modelos",
  variedades: "modelos",
  venta: "venden",
  logo: "logotipo",
  logos: "logotipo",
  // Money ("la plata", "cuanta plata").
  "cuanta plata": "precio",
  plata: "dinero",
  // "Mi compra", "mi orden": the customer's order.
  "mi compra": "mi pedido",
  "mi orden": "mi pedido",
  "cuanto sale": "precio",
  "cuanto vale": "precio",
  "cuanto cuesta": "precio",
  "cuanto cuestan": "precio",
  "cuanto salen": "precio",
  "cuanto valen": "precio",
  "cuanto es": "precio",
  "a cuanto": "precio",
  "cuanto cobran": "precio",
  cobran: "precio",
  "al por mayor": "cotizacion",
  "por mayor": "cotizacion",
  "a medida": "personalizado",
  "q precio": "precio",
  costo: "precio",
  valor: "precio",
  cuesta: "precio",
  lucas: "precio",
  luca: "precio",
  "buenos dias": "hola",
  "buenas tardes": "hola",
  "buenas noches": "hola",
  pesa: "peso",
  medidas: "dimensiones",
  mide: "dimensiones",
  pesan: "peso",
  fallado: "falla",
  fallada: "falla",
  malo: "falla",
  mala: "falla",
  roto: "falla",
  rota: "falla",
  defectuoso: "falla",
  defecto: "falla",
  despacho: "envio",
  despachos: "envio",
  despachan: "envian",
  mandan: "envian",
  enbio: "envio",
  envios: "envio",
  pega: "trabajo",
  chamba: "trabajo",
  pa: "para",
  q: "que",
  xq: "porque",
  pq: "porque",
  weno: "hola",
  wena: "hola",
  wenas: "hola",
  buenas: "hola",
  ola: "hola",
  holaa: "hola",
  holaaa: "hola",
  holi: "hola",
  holis: "hola",
  "rapa nui": "isla de pascua",
  argentina: "internacional",
  peru: "internacional",
  bolivia: "internacional",
  extranjero: "internacional",
  devuelvan: "retracto",
  devuelven: "retracto",
  nautico: "nautical",
  nautica: "nautical",
  nautik: "nautical",
  nautic: "nautical",
  marino: "nautical",
  esencial: "essential",
  escencial: "essential",
  esential: "essential",
  expedicion: "expedition",
  expedision: "expedition",
  industrial: "industry",
  industria: "industry",
  chico: "mini",
  chica: "mini",
  pequeño: "mini",
  pequeno: "mini",
  compacto: "mini",
  grande: "estandar",
  normal: "estandar",
  grantia: "garantia",
  garnatia: "garantia",
  retrato: "retracto",
  devolucion: "retracto",
  devolver: "retracto",
  devolverlo: "retracto",
  arrepenti: "retracto",
  arrepentirme: "retracto",
  bote: "barco",
  lancha: "barco",
  lanchas: "barco",
  botes: "barco",
  embarcacion: "barco",
  velero: "barco",
  cerro: "montaña",
  montana: "montaña",
  trekking: "montaña",
  camping: "montaña",
  fabrica: "industry",
  fabricas: "industry",
  faena: "industry",
  faenas: "industry",
  despacharon: "enviaron",
  mandaron: "enviaron",
  depto: "departamento",
  debito: "tarjeta",
  credito: "tarjeta",
  webpay: "tarjeta",
  redcompra: "tarjeta",
  transbank: "tarjeta",
  visa: "tarjeta",
  mastercard: "tarjeta",
  fono: "telefono",
  celular: "telefono",
  wsp: "whatsapp",
  wasap: "whatsapp",
  whatsap: "whatsapp",
  mail: "correo",
  email: "correo",
  ubicados: "direccion",
  seguimiento: "pedido",
  cotizar: "cotizacion",
  cotisacion: "cotizacion",
  mayorista: "cotizacion",
  tb: "tambien",
  tmb: "tambien",
  kits: "kit",
  qit: "kit",
};

/**
 * Words rewritten in every form (found by the Spanish stem, so "arrepentir" also catches "me
 * arrepenti", "arrepentimiento"), where a verb or noun has many forms customers use. Kept apart from
 * the synonyms above because a stem can take unrelated words: "fabrica" (a factory) shares its stem
 * with "fabrican" (they make), "buenas" (a greeting) with "buenos" (good).
 */
export const chatbotWordFamilies: Record<string, string> = {
  arrepentir: "retracto",
  devolver: "retracto",
  reembolsar: "retracto",
  despachar: "envio",
  mandar: "envian",
  cotizar: "cotizacion",
  defecto: "falla",
};

/** Which topic each FAQ item (app/content/faq.ts, by its question) answers. */
export const faqTopicIds: Record<string, string> = {
  "¿Qué significa que un kit sea IP67?": "ip67",
  "¿Por qué elegir LifeBox?": "whyLifebox",
  "¿Cuánto demora en llegar mi kit?": "delivery",
  "¿Cómo hacen los envíos y cuánto cuestan?": "shipping",
  "¿Qué garantía tienen los kits?": "warranty",
  "¿Cómo puedo pagar?": "payment",
  "¿Los kits están en stock o se fabrican a pedido?": "madeToOrder",
  "¿Hacen cotizaciones para empresas?": "quotation",
  "¿Puedo arrepentirme de mi compra?": "withdrawal",
  "¿Qué trae cada kit y puedo personalizarlo?": "customisation",
};

/**
 * Words dropped from Orama's Spanish stop-word list because they carry meaning here ("¿cuántos
 * días demora?", "kit para dos personas").
 */
export const chatbotKeptStopWords = [
  "dia",
  "dias",
  "horas",
  "tiempo",
  "dos",
  "tres",
  "cuatro",
  "cinco",
  "mejor",
  "hola",
  "trabajo",
  "trabajar",
  "trabaja",
];

/**
 * The words of the answers that read the kits' facts (issue 26; docs/decisions/077): every fact
 * (a price, a capacity, a component's minutes or lumens) comes from ./kits at answer time; these
 * are only the sentences around them.
 */
export const chatFactTexts = {
  yes: "Sí",
  no: "No",
  kitHas: (kit: string, component: string) => `el ${kit} trae ${component}`,
  kitLacks: (kit: string, component: string) => `el ${kit} no trae ${component}`,
  comesIn: (kits: string) => `Viene en: ${kits}.`,
  boleta: (boleta: string, factura: string, how: string) =>
    `te entregamos ${boleta.toLowerCase()}; si necesitas ${factura.toLowerCase()}, ${how}.`,
  abroad: "previo contacto",
  recommend: (kit: string, price: string, capacity: string) =>
    `Te recomiendo el ${kit} (${price}): ${capacity}.`,
  several: (count: number, kit: string, price: string, capacity: string) =>
    `Te recomiendo ${count} ${kit} (${price} cada uno; cada kit es para ${capacity}).`,
  alternative: (kit: string, price: string, capacity: string) =>
    `Alternativa: el ${kit} (${price}), ${capacity}.`,
  askPlace: "¿Para qué lugar o actividad lo necesitas: hogar, auto, oficina, montaña, bote o faena?",
  askPeople: "¿Para cuántas personas?",
  forPeople: (count: number) => `Para ${count} ${count === 1 ? "persona" : "personas"}:`,
  forDays: (count: number) => `Para ${count} ${count === 1 ? "día" : "días"}:`,
  noneFor: "Ningún kit cubre eso por sí solo; puedes combinar varios:",
  cheapest: (kit: string, price: string, capacity: string) =>
    `El kit más económico es el ${kit}, a ${price} (${capacity}).`,
  priciest: (kit: string, price: string, capacity: string) =>
    `El kit de mayor precio es el ${kit}, a ${price} (${capacity}).`,
  lightest: (kits: string, weight: string) => `El más liviano: ${kits}, con ${weight}.`,
  mostComponents: (kits: string, count: number) => `El que trae más componentes: ${kits}, con ${count}.`,
  heaviest: (kits: string, weight: string) => `El más pesado: ${kits}, con ${weight}.`,
  lineCheapest: (kit: string, price: string) => `El más económico de esa línea es el ${kit}, a ${price}.`,
  versionsLack: (kit: string, components: string) => `El ${kit} no trae: ${components}.`,
  shipsFree: (place: string) => `el envío a ${place} es gratis (Chile continental)`,
  shipsQuoted: (place: string) =>
    `enviamos a ${place}, pero ese envío no es gratis: se cotiza y te enviamos su costo por correo antes de pagar`,
  deliveryTime: (promise: string) => `El plazo de entrega es de ${promise}.`,
  invoiceHow: (document: string, factura: string, fields: string) =>
    `al comprar, en «${document}» elige «${factura}» e ingresa ${fields}`,
  invoice: (factura: string, how: string, boleta: string) =>
    `emitimos ${factura.toLowerCase()}: ${how}. Si no, te entregamos ${boleta.toLowerCase()}.`,
  cardsYes: (providers: string) =>
    `pagas con tarjeta de crédito, débito o prepago en ${providers}, en una página de pago segura. Los medios disponibles se muestran en esa página.`,
  otherMeansNo: (providers: string) =>
    `la tienda recibe pagos con tarjeta de crédito, débito o prepago en ${providers}. Si compras para una empresa, pide una cotización y paga con orden de compra.`,
  certificationIn: (kits: string) => `La tienen: ${kits}.`,
  specOf: (kit: string, specs: string) => `${kit}: ${specs}.`,
  and: " y ",
} as const;

/**
 * Words naming each component, by the illustration that depicts it (a component group: the
 * standard and compact first-aid kits are one). Folded, matched as whole words or phrases.
 */
export const componentWords: Record<string, string[]> = {
  "first-aid-kit": ["botiquin", "botiquines", "primeros auxilios", "curitas", "gasas", "vendas", "parches"],
  "cpr-mask": ["rcp", "reanimacion", "mascarilla rcp", "respiracion boca a boca"],
  oxygen: ["oxigeno", "cilindro", "tubo de oxigeno", "balon de oxigeno"],
  tourniquet: ["torniquete", "hemorragia", "hemorragias", "sangrado", "sangrados"],
  splint: ["ferula", "ferulas", "fractura", "fracturas", "inmovilizador", "entablillar"],
  "burn-gel": ["gel", "quemadura", "quemaduras"],
  "eye-wash": ["lavaojos", "lava ojos", "lavado de ojos"],
  gloves: ["guantes", "guante", "nitrilo", "latex"],
  mask: ["kn95", "kn 95", "mascarillas", "mascarilla", "tapabocas", "n95"],
  "safety-glasses": ["lentes", "antiparras", "gafas", "anteojos"],
  "ear-protection": ["protectores auditivos", "protector auditivo", "tapones", "orejeras", "fonos auditivos"],
  "thermal-blanket": [
    "mantas",
    "manta",
    "manta termica",
    "mantas termicas",
    "frazada",
    "frazadas",
    "mylar",
    "manta de emergencia",
  ],
  "fire-blanket": [
    "mantas",
    "manta",
    "ignifuga",
    "ignifugas",
    "ignifugo",
    "manta contra el fuego",
    "manta antifuego",
    "manta ignifuga",
    "mantas ignifugas",
  ],
  tent: ["carpa", "carpas", "refugio", "toldo"],
  "sleeping-bag": ["saco", "saco de dormir", "saco termico", "bivy"],
  matches: ["fosforos", "fosforo", "cerillas"],
  flint: ["pedernal", "chispero", "encendedor", "piedra de fuego"],
  "food-ration": [
    "comida",
    "racion",
    "raciones",
    "alimento",
    "alimentos",
    "calorias",
    "barras",
    "barra",
    "comer",
  ],
  water: [
    "agua del",
    "agua que trae",
    "agua potable",
    "agua para tomar",
    "agua para beber",
    "botellas de agua",
    "unidades de agua",
    "sachets",
    "trae agua",
    "traen agua",
    "cuanta agua",
    "con agua",
  ],
  "water-filter": ["filtro", "filtro de agua", "potabilizar", "purificador", "desalinizar", "desaliniza"],
  radio: ["radio", "radios"],
  headlamp: ["linterna", "linternas", "lumenes", "lumen", "frontal"],
  compass: ["brujula", "brujulas", "orientarme"],
  alarm: ["alarma", "alarmas"],
  whistle: ["silbato", "pito"],
  "signal-mirror": ["espejo", "espejo de señales"],
  strobe: [
    "estroboscopica",
    "estroboscopico",
    "destellos",
    "baliza",
    "luz de emergencia",
    "luz intermitente",
  ],
  "air-horn": ["bocina", "corneta"],
  multitool: ["multiherramienta", "multiuso", "cuchillo", "navaja", "cortaplumas", "alicate", "abrelatas"],
  "dry-bag": ["bolsa estanca", "bolsa impermeable", "bolsa seca", "bolsa para documentos", "dry bag"],
};

/**
 * Places and activities, by the line made for them, with the version a scenario calls for when the
 * question gives no number of people or days (a car or a kayak has little room: the mini). A place
 * ("auto", "casa") counts only after "para", "en", "tengo"… (a used car is not a kit's scenario);
 * an activity ("trekking", "navegar") says what for by itself.
 */
export const scenarioWords: Record<ProductLine, { words: string[]; activities: string[]; mini?: string[] }> =
  {
    essential: {
      words: [
        "casa",
        "hogar",
        "familia",
        "departamento",
        "depto",
        "oficina",
        "tsunami",
        "incendio",
        "incendios",
        "corte de luz",
        "apagon",
        "colegio",
        "escuela",
        "jardin infantil",
        "sala de clases",
        "liceo",
        "universidad",
        "condominio",
        "edificio",
        "evacuacion",
        "auto",
        "autos",
        "vehiculo",
        "camioneta",
        "maletero",
        "casillero",
        "escritorio",
      ],
      activities: ["terremoto", "terremotos", "sismo", "sismos", "temblor", "temblores"],
      mini: ["auto", "autos", "vehiculo", "maletero", "casillero", "escritorio", "departamento", "depto"],
    },
    expedition: {
      words: [
        "montaña",
        "montana",
        "cerro",
        "cerros",
        "cordillera",
        "sendero",
        "mochila",
        "volcan",
        "bosque",
        "patagonia",
        "torres del paine",
        "nieve",
        "ski",
        "esqui",
        "vivac",
        "terreno",
        "aventura",
      ],
      activities: [
        "trekking",
        "camping",
        "acampar",
        "excursion",
        "senderismo",
        "andinismo",
        "escalada",
        "mochilear",
        "expedicion",
      ],
      mini: ["mochila", "sendero", "ski", "esqui"],
    },
    nautical: {
      words: [
        "bote",
        "botes",
        "lancha",
        "lanchas",
        "barco",
        "barcos",
        "velero",
        "veleros",
        "kayaks",
        "mar",
        "embarcacion",
        "yate",
        "moto de agua",
        "surf",
        "remo",
        "tripulacion",
        "tripulantes",
        "lago",
        "rio",
      ],
      activities: [
        "kayak",
        "navegar",
        "navegacion",
        "navego",
        "pesca",
        "pescar",
        "buceo",
        "bucear",
        "a bordo",
        "zarpar",
      ],
      mini: ["kayak", "kayaks", "moto de agua", "surf", "remo"],
    },
    industry: {
      words: [
        "fabrica",
        "fabricas",
        "mina",
        "minas",
        "minera",
        "mineras",
        "planta",
        "taller",
        "talleres",
        "bodega",
        "bodegas",
        "obra",
        "obras",
        "construccion",
        "trabajadores",
        "industria",
        "industrial",
        "galpon",
        "empleados",
        "operarios",
        "cuadrilla",
        "maestranza",
      ],
      activities: ["faena", "faenas", "mineria"],
      mini: ["taller", "talleres", "bodega", "bodegas", "cuadrilla"],
    },
  };

/** Words before a scenario word that make it the place or activity of the question. */
export const scenarioLeadWords = [
  "pal",
  "para",
  "pa",
  "en",
  "tengo",
  "tenemos",
  "al",
  "a",
  "del",
  "de",
  "con",
  "vivo",
  "trabajo",
  "trabajamos",
  "salimos",
  "salgo",
  "vamos",
  "voy",
  "llevar",
  "guardar",
  "dejar",
  "usar",
  "mismo",
  "nuestra",
];

/** How customers name each line ("nautico", "esencial"), folded. */
export const lineNameWords: Record<ProductLine, string[]> = {
  essential: ["essential", "esencial", "escencial", "esential", "essencial", "essentials"],
  expedition: ["expedition", "expedicion", "expedision", "expedicion", "expeditions", "expediton"],
  nautical: ["nautical", "nautico", "nautica", "nautic", "nautik", "nautica"],
  industry: ["industry", "industrial", "industri", "industria"],
};

/** Words naming the versions. */
export const versionWords = {
  mini: ["mini", "minis", "chico", "chica", "pequeño", "pequeno", "compacto", "compacta"],
  standard: ["estandar", "standard", "normal", "grande", "completo", "full"],
} as const;

/** How customers ask for the cheapest, the most expensive, the lightest and the heaviest kit. */
export const superlativeWords = {
  cheapest: [
    "mas barato",
    "mas economico",
    "mas baratos",
    "mas economicos",
    "menor precio",
    "menos cuesta",
    "mas bajo",
    "mas accesible",
    "barato",
    "economico",
    "baratito",
  ],
  priciest: ["mas caro", "mas caros", "mayor precio", "mas costoso", "mas cuesta"],
  lightest: [
    "mas liviano",
    "mas livianos",
    "mas ligero",
    "menos pesa",
    "pesa menos",
    "mas liviana",
    "mas chico",
    "mas pequeño",
    "mas compacto",
  ],
  heaviest: ["mas pesado", "mas pesados", "pesa mas", "mas grande"],
  mostComponents: ["mas completo", "mas componentes", "mas cosas", "mas elementos", "mas equipado"],
} as const;

/** Words that ask what a kit contains ("¿qué trae el kit para la casa?"). */
export const contentsWords = [
  "que trae",
  "que traen",
  "que incluye",
  "que contiene",
  "contenido",
  "que viene",
  "que lleva",
];

/** Words that ask for a comparison of two kits ("¿qué diferencia hay entre el Essential y el Mini?"). */
export const compareWords = [
  "diferencia",
  "diferencias",
  "comparar",
  "compara",
  "comparacion",
  "vs",
  "versus",
  "o el",
  "en que se diferencian",
  "cual es mejor",
  "conviene mas",
];

/** The verbs of a kit's contents ("¿trae…?", "¿incluye…?", "¿contiene…?"). */
export const kitVerbs = ["trae", "traen", "incluye", "incluyen", "viene", "vienen", "contiene", "contienen"];

/**
 * What makes a component question one about the kits ("¿cuántos lúmenes tiene la linterna?",
 * "¿el kit trae carpa?") rather than about buying the thing alone ("¿venden carpas para camping?").
 */
export const componentContextWords = [
  ...kitVerbs,
  "kit",
  "kits",
  "lifebox",
  "caja",
  "lleva",
  "llevan",
  "cuanto",
  "cuantos",
  "cuantas",
  "cuanta",
  "dura",
  "duran",
  "minutos",
  "lumenes",
  "calorias",
  "potencia",
  "que tipo",
  "de que",
  "sirve",
  "tiene",
  "la",
  "el",
  "las",
  "los",
  "su",
  "sus",
];

/** A how-to or an errand with no word of the shop: not the shop's to answer. */
export const offTopicCues = [
  "que hago si hay",
  "que hago en caso",
  "que hacer en caso",
  "que hacer si hay",
  "como purifico",
  "como prevengo",
  "como sobrevivo",
  "como cambio",
  "como arreglo",
  "como reparo",
  "un seguro",
  "seguro de",
  "seguros de",
  "como hago",
  "como se hace",
  "como hacer",
  "receta",
  "tutorial",
  "donde compro",
  "donde puedo comprar",
  "como armo",
  "que hora es",
  "va a hacer",
  "va a llover",
  "el clima",
  "usado",
  "usada",
  "usados",
  "arrendar",
  "arriendo",
  "vuelo",
  "vuelos",
  "pasaje",
  "pasajes",
  "quiero vender",
  "vendo",
  "pelicula",
  "partido",
  "tarea",
  "proximo terremoto",
];

/** Words that make a question the shop's even beside an off-topic cue ("¿cómo hago un pedido de un kit?"). */
export const shopAnchorWords = ["kit", "kits", "lifebox", "pedido", "compra", "envio", "garantia"];

/** Words without which the catalogue is not what a question asks ("quiero vender mi lancha" is not). */
export const catalogueAnchorWords = [
  "kit",
  "kits",
  "producto",
  "productos",
  "catalogo",
  "modelo",
  "modelos",
  "lifebox",
  "precios",
  "venden",
  "venta",
  "ofrecen",
  "tienda",
  "tienen",
  "opciones",
  "tipos",
];

/** Words naming each certification (by its name in ./kits/certifications), folded. */
export const certificationWords: Record<string, string[]> = {
  "GB 2626-2019 (KN95)": ["gb 2626", "gb2626", "gb 2626 2019"],
  "EN 1869:2019 / NFPA 701": ["en 1869", "en1869", "nfpa", "nfpa 701"],
  "MIL-B-131 (NASA Mylar)": ["mil b 131", "milb131", "mil b131", "nasa"],
  "IPX-5/IPX-6 con RoHS/CE": [
    "ipx",
    "ipx 5",
    "ipx 6",
    "ipx5",
    "ipx6",
    "rohs",
    "norma ce",
    "certificacion ce",
  ],
};

/** Words asking for the certifications in general. */
export const certificationsWords = [
  "certificacion",
  "certificaciones",
  "certificado",
  "certificados",
  "certificada",
  "certificadas",
  "normas",
  "norma",
  "homologado",
  "homologados",
];

/** Words of a broken or faulty component: the question is about the warranty, not the component. */
export const faultWords = [
  "mala",
  "malo",
  "roto",
  "rota",
  "falla",
  "fallada",
  "fallado",
  "defectuoso",
  "defectuosa",
  "no funciona",
  "no prende",
  "no enciende",
  "cambian",
  "cambiar",
  "cambio",
  "dañado",
  "dañada",
  "vencido",
  "vencida",
];

/** Words of a price question ("¿cuánto cuesta el kit para la casa?"): the kit's price answers, not advice. */
export const priceWords = [
  "precio",
  "a cuanto",
  "cuanto esta",
  "cuesta",
  "cuestan",
  "valor",
  "vale",
  "valen",
  "sale",
  "salen",
  "lucas",
  "cobran",
  "costo",
  "plata",
];

/** Words of a company buying many kits: a quotation, not advice. */
export const quotationWords = [
  "cotizar",
  "cotizacion",
  "cotizan",
  "cotizo",
  "varios kits",
  "por mayor",
  "al por mayor",
  "mayorista",
  "volumen",
];

/** Words that ask for advice ("¿qué kit me recomiendan?"). */
export const recommendWords = [
  "alcanza",
  "alcanzan",
  "aguanta para",
  "recomienda",
  "recomiendan",
  "recomiendas",
  "recomendarian",
  "recomendacion",
  "conviene",
  "convendria",
  "sugieren",
  "sugerencia",
  "necesito",
  "necesitaria",
  "busco",
  "buscando",
  "que kit",
  "cual kit",
  "cual me",
  "cual compro",
  "cual llevo",
  "que llevo",
  "cual sirve",
  "que me sirve",
  "sirve para",
  "deberia comprar",
  "algo para",
  "tienen algo",
  "tengo un",
  "tengo una",
  "somos",
  "salimos",
  "vamos",
  "sirve",
  "cual elijo",
];

/** Words that say the question is about shipping or delivery to a place. */
export const placeCueWords = [
  "envio",
  "envios",
  "envian",
  "enviar",
  "envias",
  "envien",
  "despacho",
  "despachan",
  "despachar",
  "despachos",
  "llega",
  "llegan",
  "llegaria",
  "llegue",
  "demora",
  "demoran",
  "demoraria",
  "tarda",
  "tardan",
  "tardaria",
  "plazo",
  "entrega",
  "entregan",
  "mandan",
  "mandar",
  "reparten",
  "gratis",
  "cobran",
  "courier",
];

/** Other names of places (to the comuna's folded name), for the place names customers shorten ("Viña", "Conce", "Stgo"). */
export const placeAliases: Record<string, string> = {
  vina: "viña del mar",
  viña: "viña del mar",
  valpo: "valparaiso",
  conce: "concepcion",
  stgo: "santiago",
  santiasco: "santiago",
  "pto montt": "puerto montt",
  "puerto natales": "natales",
  chiloe: "castro",
  "rapa nui": "isla de pascua",
  pascua: "isla de pascua",
  "robinson crusoe": "juan fernandez",
  antartida: "antartica",
};

/** Comuna names that are also common words: read as a place only after "a", "en" or "hasta". */
export const placeWordsNeedingPreposition = [
  "navidad",
  "primavera",
  "victoria",
  "porvenir",
  "florida",
  "corral",
  "laja",
  "pica",
  "colina",
  "teno",
  "molina",
  "camarones",
  "calera",
  "lanco",
  "cabrero",
  "freire",
  "renca",
  "independencia",
  "la union",
  "los lagos",
  "san pablo",
  "san pedro",
  "el monte",
  "la cruz",
  "la estrella",
];

/** Words that ask for a kit's specification, by the specification's label in ./kits. */
export const specWords: Record<string, string[]> = {
  Peso: ["peso", "pesa", "pesan", "kilos", "kg"],
  Dimensiones: ["dimensiones", "medidas", "mide", "miden", "tamaño", "tamano", "cm", "centimetros"],
  "Rango de temperatura": ["temperatura", "temperaturas", "grados", "frio", "calor", "bajo cero"],
  Hermeticidad: ["sumergible", "sumergir", "profundidad", "hermetico", "hermeticidad", "hundir"],
  "Material de la caja": ["material", "plastico", "caja de que"],
  Capacidad: ["capacidad", "cuantas personas", "autonomia", "alcanza"],
};

/** A question starting, or built, like these is answered with «Sí» or «No» first. */
export const yesNoVerbs = [
  "tengo",
  ...kitVerbs,
  "alcanza",
  "alcanzan",
  "soporta",
  "soportan",
  "tiene",
  "tienen",
  "emiten",
  "emite",
  "dan",
  "entregan",
  "hacen",
  "hace",
  "puedo",
  "puede",
  "pueden",
  "podria",
  "aceptan",
  "acepta",
  "es",
  "son",
  "sirve",
  "sirven",
  "hay",
  "venden",
  "envian",
  "despachan",
  "llega",
  "llegan",
  "mandan",
  "cubre",
  "aplica",
  "lleva",
  "llevan",
  "funciona",
  "resiste",
  "aguanta",
  "atienden",
  "ofrecen",
  "cotizan",
  "reciben",
  "cuenta",
  "cuentan",
  "existe",
  "esta",
  "estan",
  "se",
  "cobran",
  "cobra",
];

/** Question words: a question with one of these is not a yes/no question. */
export const questionWords = [
  "que",
  "cual",
  "cuales",
  "cuanto",
  "cuanta",
  "cuantos",
  "cuantas",
  "como",
  "donde",
  "cuando",
  "quien",
  "porque",
  "q",
];

/**
 * What the chat panel says (issue 13): heading, labels and notices. Its button's label is in
 * ./site (`chatButton`): this module loads with the panel, not with every page (decision 038).
 */
export const chatPanelTexts = {
  title: "Chat de ayuda LifeBox",
  description: "Respuestas automáticas sobre los kits, el envío, la garantía y tus pedidos.",
  logLabel: "Conversación",
  you: "Tú:",
  bot: "LifeBox:",
  inputLabel: "Tu pregunta",
  placeholder: "Escribe tu pregunta…",
  send: "Enviar",
  typing: "Escribiendo…",
  closeLabel: "Cerrar chat",
  restoring: "Cargando la conversación…",
  networkError: "No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo.",
  newTab: "(se abre en una pestaña nueva)",
  quickRepliesLabel: "Preguntas sugeridas",
  feedbackLabel: "¿Te sirvió esta respuesta?",
  feedbackQuestion: "¿Te sirvió?",
  feedbackYes: "Sí",
  feedbackNo: "No",
  feedbackThanks: "Gracias por tu respuesta.",
} as const;

/**
 * The quick replies (issue 26) the panel offers under the greeting and under the answers the server
 * offers them with (routes/resources/chatbot.ts: the greeting and the fallback): a question the
 * panel sends as if typed, or the hand-off to WhatsApp with the visitor's last question prefilled.
 */
export type ChatQuickReply =
  { kind: "ask"; label: string; question: string } | { kind: "whatsapp"; label: string };

export const chatQuickReplies: readonly ChatQuickReply[] = [
  { kind: "ask", label: "¿Qué kit me conviene?", question: "¿Qué kit me conviene?" },
  { kind: "ask", label: "Plazos de entrega", question: "¿Cuánto demora el envío?" },
  { kind: "ask", label: "Estado de mi pedido", question: "¿Cuál es el estado de mi pedido?" },
  { kind: "whatsapp", label: "Hablar por WhatsApp" },
];

/**
 * The WhatsApp message the hand-off prefills (issue 26): the visitor's last question, so staff read
 * it at once; the shop's usual greeting when there is none yet.
 */
export function chatWhatsappMessage(question: string | undefined): string | undefined {
  return question ? `Hola, le pregunté al chat de LifeBox: «${question}»` : undefined;
}

/**
 * Where the policy answers find their facts in ./legal, ./site and ./payments at answer time: a few
 * words of the sentence to quote (never the fact itself), so a changed term or period is answered
 * as the page states it. Each must find its sentence (chatbot.test.ts checks).
 */
export const policyPassages = {
  dataSale: "no vendemos",
  dataSaleMore: "solo los comunicamos",
  retentionHeading: "cuanto tiempo guardamos",
  retentionRule: "conservamos tus datos solo",
  rightsHeading: "tus derechos",
  rightsHow: "con el asunto",
  cookiesUsed: "solo usamos cookies",
  cookiesAds: "no usamos cookies publicitarias",
  newsletterClick: "darte de baja con un solo clic",
  newsletterWrite: "pedir la baja",
  newsletterConsent: "si te suscribes",
  minimumAge: "dirigidos a personas mayores",
  termsCopy: "te enviamos una copia",
  privacyIntro: "esta politica explica",
  complaintsHow: "consultas y reclamos por correo",
  complaintsAuthority: "si no estas conforme",
  lateDelivery: "no pudieramos cumplir el plazo",
  lateDeliveryChoice: "esperar esa fecha",
  companyDelivery: "para empresas",
  damagedArrival: "si llega dañado",
  damagedCheck: "revisa que el embalaje",
  warrantyHow: "para ejercerla",
  warrantyChoices: "puedes elegir libremente",
  warrantyConsumables: "vencimiento natural",
  withdrawalReturn: "retiro lo coordinamos",
  withdrawalRefund: "te devolveremos las sumas",
  customisedNoWithdrawal: "no procede el derecho de retracto respecto",
  currency: "todos los precios se expresan",
  payLater: "pendiente de pago",
  paymentCharge: "cargo",
  paymentConfirming: "no es necesario pagar de nuevo",
} as const;

/**
 * Words (folded, matched as whole words) that pick the part of a policy answer a question asks:
 * the warranty's claim, a box that arrived broken, the refund of a withdrawal…
 */
export const policyCueWords = {
  dataSale: ["venden", "vender", "venta", "vendan", "ceden", "arriendan", "comercializan", "lucran"],
  erasure: [
    "borro",
    "borrarlos",
    "eliminarlos",
    "elimino",
    "borren",
    "borrar",
    "borran",
    "borre",
    "eliminen",
    "eliminar",
    "elimine",
    "supresion",
    "suprimir",
  ],
  cookieAds: [
    "publicidad",
    "publicitarias",
    "publicitaria",
    "rastreo",
    "rastreadores",
    "terceros",
    "pixeles",
  ],
  minor: ["menor", "menores", "nino", "ninos", "hijo", "hija", "adolescente", "15", "16", "17"],
  privacyDoc: ["privacidad", "datos"],
  subscribe: ["suscribo", "suscribirme", "inscribo", "inscribirme", "suscribir"],
  lateDelivery: [
    "no cumplen",
    "no cumple",
    "incumplen",
    "se atrasan",
    "se atrasa",
    "atraso",
    "fuera de plazo",
    "se pasa el plazo",
    "no llega a tiempo",
  ],
  companies: ["empresa", "empresas", "pyme", "cotizacion", "institucion", "personas"],
  damaged: [
    "rota",
    "roto",
    "rotas",
    "danado",
    "danada",
    "quebrada",
    "quebrado",
    "aplastada",
    "incompleto",
    "incompleta",
    "abollada",
    "mojada",
  ],
  consumables: [
    "vencida",
    "vencidas",
    "vencido",
    "vencidos",
    "vencimiento",
    "vencen",
    "vence",
    "caducan",
    "gastan",
  ],
  warrantyClaim: [
    "valer",
    "ejercer",
    "ejerzo",
    "reclamar",
    "reclamo",
    "cambian",
    "cambio",
    "reparan",
    "reparacion",
    "devuelven",
    "devolucion",
    "activar",
    "como uso",
    "que hago",
  ],
  money: ["plata", "dinero", "reembolso", "reembolsan", "devuelven", "devolucion", "lo pagado", "pago"],
  cancelRequest: ["cancelar", "anular", "cancelarlo", "anularlo", "cancelo", "anulo"],
  cancelled: ["cancelaron", "cancelado", "cancelada", "anularon", "anulado", "anulada"],
  refundTime: ["cuanto tiempo", "cuando", "demoran", "demora", "plazo", "dias", "tardan"],
  returnCost: ["costo", "cuesta", "pagar", "pago", "cobran", "cobra", "gratis", "paga"],
  returnShipping: ["envio", "despacho", "retiro", "retiran", "quien paga", "costo", "cobran", "vuelta"],
  withdrawal: ["retracto", "retractarme", "retracte", "devolver", "devolverlo", "devolucion", "arrepentir"],
  quoteQuantity: ["cuantos", "cuantas", "maximo", "maxima", "minimo", "minima", "cantidad", "limite", "tope"],
  bye: [
    "chao",
    "chau",
    "adios",
    "hasta luego",
    "nos vemos",
    "bye",
    "hasta pronto",
    "me voy",
    "hasta la proxima",
  ],
  thanks: ["gracias", "agradecido", "agradecida", "amable"],
  acknowledged: ["ok", "okey", "vale", "listo", "perfecto", "entiendo", "entendido", "dale", "ya", "bueno"],
  paymentRejected: ["rechazaron", "rechazado", "rechazada", "rechazo", "rechaza", "rechazan"],
  paymentConfirming: ["confirmando", "de nuevo", "otra vez", "dos veces", "doble"],
  charged: ["cobraron", "cobran", "cobro", "cargo", "descontaron", "cargaron"],
  notPaid: ["no pague", "no habia pagado", "sin pagar", "no alcance a pagar"],
  iva: ["iva", "impuesto"],
  social: ["instagram", "insta", "facebook", "face", "redes", "redes sociales", "tiktok"],
  location: [
    "donde queda",
    "ubicados",
    "ubicacion",
    "direccion",
    "donde estan",
    "donde quedan",
    "oficina",
    "oficinas",
    "domicilio",
  ],
  contactYes: ["whatsapp", "wsp", "telefono", "correo", "mail", "email"],
  vision: ["vision"],
  invoiceEmail: ["correo", "mail", "email", "llega", "envian", "mandan"],
} as const;

/** The words around the facts of the policy answers (app/services/chatbot/topics.ts reads the facts). */
export const topicAnswerTexts = {
  right: (name: string, what: string) => `Tienes derecho de ${name}: ${what}`,
  rights: (names: string) => `Sobre tus datos personales tienes derecho de ${names}.`,
  documentAt: (title: string) => `Puedes leer la página «${title}» en el enlace de abajo.`,
  tracking: (courier: string, trackingLabel: string) =>
    `Cuando lo despachamos, la página de tu pedido muestra el ${courier} y el ${trackingLabel} para seguir tu envío.`,
  cartLimit: (hint: string) => `De cada kit puedes llevar por pedido ${hint}`,
  purposeBlock: (heading: string, text: string) =>
    `Nuestra ${heading.toLowerCase()}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
  quoteQuantity: (label: string, hint: string) => `En una cotización, la ${label} va ${hint}`,
  location: (address: string) => `Nuestro domicilio es ${address}.`,
  social: (networks: string) => `Sí, estamos en ${networks}.`,
} as const;
