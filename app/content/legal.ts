/**
 * Legal documents of the shop (docs/product.md#d14): Términos y condiciones (/terminos) under
 * Ley 19.496 and its e-commerce regulation (DS 6 of 2021), and Política de privacidad
 * (/privacidad) under Ley 19.628 as amended by Ley 21.719 (in force 1 December 2026).
 * The seller's identity and contact data come from the CompanyInfo argument; commercial facts
 * come from policies.ts (D1). Texts are plain (no HTML); a page renders sections in order.
 */
import type { CompanyInfo } from "./company";
import {
  deliveryPromise,
  freeShippingNote,
  quotationReviewTime,
  warrantyMonths,
  withdrawalDays,
  workingHours,
} from "./policies";

/** A paragraph that names another page: its name is a link there (on the site and in e-mails). */
export interface LinkedParagraph {
  before: string;
  link: { label: string; href: string };
  after: string;
}

export type LegalParagraph = string | LinkedParagraph;

/**
 * A paragraph as plain text; a link's address follows its label when `siteUrl` is given (the
 * e-mailed copy of the Terms), so that the reader of a text e-mail still finds the page.
 */
export function legalParagraphText(paragraph: LegalParagraph, siteUrl?: string): string {
  if (typeof paragraph === "string") return paragraph;
  const { before, link, after } = paragraph;
  return `${before}${link.label}${siteUrl === undefined ? "" : ` (${siteUrl}${link.href})`}${after}`;
}

export interface LegalSection {
  heading: string;
  /** Shown first, in order. */
  paragraphs: LegalParagraph[];
  /** Optional bullet list shown after the paragraphs. */
  list?: string[];
}

export interface LegalDocument {
  title: string;
  /** Date of the last update, e.g. "22 de noviembre de 2026". */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

/** Date of the last revision of both documents; change it with every revision. */
export const legalUpdated = "22 de noviembre de 2026";

export function termsOfService(company: CompanyInfo): LegalDocument {
  const { brand, legalName, rut, address, email, phone } = company;

  return {
    title: "Términos y condiciones",
    updated: legalUpdated,
    intro: `Estos Términos y condiciones regulan las compras que realizas en el sitio web de ${brand}, operado por ${legalName}. Se rigen por la Ley 19.496 sobre Protección de los Derechos de los Consumidores y por el Reglamento de Comercio Electrónico (Decreto Supremo N° 6 de 2021 del Ministerio de Economía, Fomento y Turismo). Debes leerlos y aceptarlos antes de pagar, y te enviamos una copia junto con la confirmación de tu pedido.`,
    sections: [
      {
        heading: "1. Identificación del vendedor",
        paragraphs: [
          "El vendedor y proveedor de los productos ofrecidos en este sitio es la empresa que se indica a continuación. Puedes usar cualquiera de estos canales para consultas, pedidos y reclamos, y para ejercer tus derechos de garantía y de retracto.",
        ],
        list: [
          `Razón social: ${legalName}`,
          `RUT: ${rut}`,
          `Domicilio: ${address}`,
          `Email: ${email}`,
          `Teléfono: ${phone}`,
          `Horario de atención: ${workingHours}`,
        ],
      },
      {
        heading: "2. Aceptación y alcance",
        paragraphs: [
          "Al marcar la casilla de aceptación en el formulario de compra declaras haber leído y aceptado estos Términos y condiciones, que forman parte del contrato. Cada compra se rige por la versión vigente a la fecha de tu pedido.",
          "Estos términos se aplican a las compras realizadas en el sitio. Las compras de empresas mediante cotización se rigen por lo indicado en la cotización aceptada y, en lo no previsto en ella, por estos términos.",
          "Los derechos que la Ley 19.496 otorga a los consumidores son irrenunciables: nada de lo dispuesto en estos términos los limita.",
        ],
      },
      {
        heading: "3. Cómo comprar",
        paragraphs: ["El proceso de compra tiene los siguientes pasos:"],
        list: [
          "Eliges un kit en el catálogo o en su ficha de producto y presionas «Comprar».",
          "Completas tus datos: nombre, correo electrónico, teléfono, región, comuna y dirección de despacho y, si quieres, tu RUT y notas para el despacho.",
          "Revisas el resumen del pedido, con el producto, el precio total, el costo de envío y el plazo de entrega, y aceptas estos Términos y condiciones.",
          "Al presionar «Proceder al pago» registramos tu pedido con un número y te llevamos a la página de pago externa y segura de nuestro proveedor de pagos (Webpay de Transbank o Flow), donde pagas con tarjeta de crédito, débito o prepago; al terminar vuelves a la página de tu pedido.",
          "Cuando el proveedor de pagos confirma el pago, tu pedido queda confirmado y te enviamos por correo electrónico la confirmación escrita de la compra, con su detalle y una copia de estos términos.",
        ],
      },
      {
        heading: "4. Precios y pago",
        paragraphs: [
          "Todos los precios se expresan en pesos chilenos (CLP) e incluyen IVA. Antes de pagar te mostramos el precio total de la compra, con el costo de envío informado por separado, incluso cuando es gratuito.",
          `El pago se realiza con tarjeta en la página de un proveedor de pagos externo, que procesa la transacción con sus propios estándares de seguridad. Los medios de pago disponibles se informan en esa página. ${brand} no recibe ni almacena los datos de tu tarjeta.`,
          "Un pedido cuyo pago no se ha completado queda «pendiente de pago» y no genera ningún cargo; puedes completar el pago desde el enlace «Pagar ahora» de la página de tu pedido. Por cada compra pagada emitimos el documento tributario electrónico correspondiente.",
          "El precio que pagas es el informado al momento de tu pedido. Los cambios de precio posteriores no afectan a los pedidos ya registrados.",
        ],
      },
      {
        heading: "5. Fabricación a pedido y plazo de entrega",
        paragraphs: [
          `Los kits ${brand} se fabrican a pedido: una vez confirmado el pago, armamos tu kit con componentes nuevos, lo sometemos a control de calidad y lo despachamos.`,
          `El plazo de entrega es de ${deliveryPromise}. Este plazo se informa en la ficha de cada producto y en el resumen del pedido, antes de que pagues.`,
          "Si por cualquier motivo no pudiéramos cumplir el plazo informado, te avisaremos apenas lo sepamos, con una nueva fecha estimada. Podrás elegir entre esperar esa fecha o dejar sin efecto la compra con la devolución íntegra de lo pagado, sin perjuicio de los demás derechos que te otorga la ley.",
        ],
      },
      {
        heading: "6. Envíos y cobertura",
        paragraphs: [
          `${freeShippingNote}: despachamos por courier a la dirección que indiques en tu pedido, en cualquier región y comuna del territorio continental.`,
          "Isla de Pascua, el archipiélago Juan Fernández y el Territorio Chileno Antártico no forman parte del territorio continental. Si tu dirección está en alguno de esos lugares, coordinaremos contigo el medio, el plazo y el costo del envío; cualquier costo adicional te será informado y solo se cobrará si lo aceptas expresamente. Si no lo aceptas, puedes dejar sin efecto la compra con la devolución íntegra de lo pagado.",
          "Para envíos fuera de Chile, contáctanos antes de comprar: te informaremos si es posible enviar a tu país, con su costo, plazo y condiciones.",
          "Al recibir tu kit, revisa que el embalaje esté en buen estado. Si llega dañado o incompleto, avísanos cuanto antes por nuestros canales de contacto, idealmente con fotografías, para darte una solución. Este aviso no limita tus derechos de garantía.",
        ],
      },
      {
        heading: `7. Garantía ${brand} de ${warrantyMonths} meses`,
        paragraphs: [
          `Todos los kits ${brand} tienen una garantía de ${warrantyMonths} meses, contados desde la fecha en que recibes el producto, contra defectos de fabricación de sus componentes y de la caja rígida.`,
          "Durante ese plazo, si un componente o la caja presentan un defecto de fabricación, puedes ejercer los derechos de la garantía legal descritos en la sección siguiente. Si el defecto afecta solo a un componente, también puedes pedir, si lo prefieres, el reemplazo de ese componente.",
          "El consumo o uso de los elementos del kit (raciones, agua, mascarillas, oxígeno, baterías y otros consumibles) y su vencimiento natural después de la fecha indicada en cada uno no constituyen defectos de fabricación.",
          "La garantía no cubre las fallas ni los daños causados por:",
        ],
        list: [
          "Mal uso del kit o de sus componentes, o un uso distinto del indicado en sus instrucciones y en la ficha del producto.",
          "Caídas desde alturas extremas u otros impactos que superen la resistencia para la que está diseñado el kit.",
          `Modificaciones, reparaciones o intervenciones no autorizadas por ${brand}.`,
          "Exposición prolongada a condiciones extremas (temperatura, humedad, sustancias químicas o radiación solar) fuera de los rangos indicados en las especificaciones del producto.",
        ],
      },
      {
        heading: "8. Garantía legal (artículos 19, 20 y 21 de la Ley 19.496)",
        paragraphs: [
          `Además de nuestra garantía, la ley te otorga una garantía legal irrenunciable de seis meses desde la recepción del producto. Como ${brand} vende sus kits con una garantía de ${warrantyMonths} meses, prevalece este plazo mayor (artículo 21): puedes ejercer los derechos de la garantía legal durante los ${warrantyMonths} meses.`,
          "La garantía legal procede, entre otros casos, cuando el producto presenta fallas o defectos de fabricación, cuando sus materiales, partes o piezas no corresponden a las especificaciones informadas, o cuando no es enteramente apto para el uso al que está destinado. No procede si el producto se deterioró por un hecho imputable al consumidor.",
          `Para ejercerla, escríbenos a ${email} o llámanos al ${phone} indicando tu número de pedido y la falla, idealmente con fotografías. Coordinaremos el retiro y la devolución del producto sin costo para ti dentro de Chile continental. Los plazos de garantía se suspenden mientras el producto esté en reparación en ejercicio de la garantía.`,
          "En caso de falla o defecto, puedes elegir libremente entre:",
        ],
        list: [
          "La reparación gratuita del producto.",
          "El cambio del producto por otro igual.",
          "La devolución de la cantidad pagada.",
        ],
      },
      {
        heading: "9. Derecho de retracto",
        paragraphs: [
          `Conforme al artículo 3 bis, letra b), de la Ley 19.496, puedes retractarte de tu compra, sin expresión de causa, dentro de ${withdrawalDays} días contados desde la recepción del producto. Si no te hubiéramos enviado la confirmación escrita de la compra, este plazo se extiende a 90 días.`,
          "Los kits del catálogo se fabrican a pedido, es decir, los armamos una vez confirmado tu pago. Sin embargo, no se confeccionan según tus especificaciones, por lo que el derecho de retracto se aplica plenamente a ellos.",
          "Excepción: kits personalizados. No procede el derecho de retracto respecto de los kits confeccionados conforme a las especificaciones del consumidor o personalizados a su pedido, por ejemplo, con contenido, cantidades, configuración, marcas o logotipos distintos de los del catálogo, normalmente acordados mediante una cotización. La ley permite esta exclusión (artículo 3 bis, letra b), de la Ley 19.496 y su reglamento sobre la exclusión del derecho de retracto, publicado en el Diario Oficial el 27 de agosto de 2024), y te la informaremos de forma expresa y destacada en la cotización o en el resumen del pedido, antes de que pagues. Si el kit personalizado no corresponde a lo especificado, conservas tus derechos de garantía y puedes pedir la devolución de lo pagado.",
          `Para ejercer el retracto, comunícanos tu decisión dentro del plazo por correo electrónico a ${email}, por teléfono al ${phone} o mediante el formulario de contacto del sitio, indicando tu nombre y tu número de pedido. Te confirmaremos la recepción de tu solicitud y coordinaremos la devolución del kit; dentro de Chile continental, el retiro lo coordinamos con nuestro courier sin costo para ti.`,
          "No procede el retracto si el producto se deterioró por un hecho imputable a ti. Debes devolverlo junto con los elementos originales del embalaje en buen estado, como etiquetas, certificados de garantía, manuales, cajas y elementos de protección, o pagar su valor respectivo, previamente informado.",
          "Te devolveremos las sumas pagadas, sin retención de gastos, a la mayor brevedad y, en todo caso, antes de 45 días desde que nos comuniques el retracto, por el mismo medio de pago que usaste u otro que acordemos contigo.",
        ],
      },
      {
        heading: "10. Compras de empresas y cotizaciones",
        paragraphs: [
          `Las empresas e instituciones pueden solicitar una cotización desde el catálogo o desde la ficha de cada kit. Revisamos cada solicitud dentro de ${quotationReviewTime} y enviamos una cotización formal con el detalle de los productos, precios, plazo de entrega, condiciones de pago y vigencia.`,
          "El pedido se confirma con la orden de compra emitida conforme a la cotización aceptada. Las condiciones especiales de la cotización prevalecen sobre estos términos en lo que regulen; en todo lo demás se aplican estos términos.",
          "Las empresas que compran como destinatarias finales, y las micro y pequeñas empresas en los casos que contempla la Ley 20.416, conservan los derechos que les reconoce la Ley 19.496.",
        ],
      },
      {
        heading: "11. Consultas y reclamos",
        paragraphs: [
          `Puedes enviarnos tus consultas y reclamos por correo electrónico a ${email}, por teléfono al ${phone} o mediante el formulario de contacto del sitio. Nuestro horario de atención es: ${workingHours}.`,
          "Respondemos todos los reclamos por escrito, con la solución que proponemos.",
          "Si no estás conforme con nuestra respuesta, puedes presentar un reclamo ante el Servicio Nacional del Consumidor (SERNAC) en www.sernac.cl, o ejercer las acciones que correspondan ante el Juzgado de Policía Local competente, conforme a la Ley 19.496.",
        ],
      },
      {
        heading: "12. Datos personales",
        paragraphs: [
          {
            before:
              "Tratamos los datos personales que nos entregas para gestionar tu compra, el pago, el despacho, la garantía y tus solicitudes, conforme a la Ley 19.628 sobre protección de datos personales, modificada por la Ley 21.719. El detalle está en nuestra ",
            link: { label: "Política de privacidad", href: "/privacidad" },
            after: ".",
          },
        ],
      },
      {
        heading: "13. Propiedad intelectual",
        paragraphs: [
          `Los textos, ilustraciones, marcas y logotipos de este sitio pertenecen a ${legalName} o se usan con autorización, y no pueden reproducirse con fines comerciales sin nuestra autorización escrita.`,
        ],
      },
      {
        heading: "14. Modificaciones",
        paragraphs: [
          "Podemos actualizar estos términos para reflejar cambios legales o de nuestros productos y servicios. La versión vigente se publica en esta página con su fecha de actualización, y cada compra se rige por la versión que aceptaste al realizarla.",
        ],
      },
      {
        heading: "15. Ley aplicable y tribunales",
        paragraphs: [
          "Estos términos se rigen por las leyes de la República de Chile. Cualquier controversia será conocida por los tribunales chilenos competentes; como consumidor, siempre puedes recurrir al Juzgado de Policía Local competente según la Ley 19.496, incluido el de la comuna de tu domicilio cuando la ley lo permita.",
        ],
      },
    ],
  };
}

export function privacyPolicy(company: CompanyInfo): LegalDocument {
  const { brand, legalName, rut, address, email, phone } = company;

  return {
    title: "Política de privacidad",
    updated: legalUpdated,
    intro: `En ${brand} respetamos tu privacidad. Esta política explica cómo ${legalName} trata los datos personales de quienes visitan este sitio, compran, solicitan cotizaciones, nos escriben o se suscriben a nuestro boletín, conforme a la Ley 19.628 sobre protección de datos personales, modificada por la Ley 21.719, que rige desde el 1 de diciembre de 2026.`,
    sections: [
      {
        heading: "1. Responsable del tratamiento",
        paragraphs: [
          `El responsable del tratamiento de tus datos personales es ${legalName}. Para cualquier consulta sobre tus datos o para ejercer tus derechos, escríbenos a ${email}.`,
        ],
        list: [
          `Razón social: ${legalName}`,
          `RUT: ${rut}`,
          `Domicilio: ${address}`,
          `Email: ${email}`,
          `Teléfono: ${phone}`,
        ],
      },
      {
        heading: "2. Qué datos tratamos",
        paragraphs: [
          "Solo pedimos los datos necesarios para cada finalidad. No solicitamos datos sensibles, como datos de salud; te pedimos no incluirlos en notas ni mensajes.",
          "Según cómo interactúes con nosotros, tratamos los siguientes datos:",
        ],
        list: [
          "Pedidos: nombre, correo electrónico, teléfono, región, comuna, dirección de despacho, RUT (opcional) y notas del pedido, junto con el producto, el monto, el estado del pago y del despacho, y tu aceptación de los Términos y condiciones.",
          "Cotizaciones: nombre completo, correo electrónico, teléfono, ciudad, empresa u organización, producto de interés y notas adicionales.",
          "Mensajes de contacto: nombre, correo electrónico, asunto y mensaje.",
          "Boletín: tu correo electrónico y la fecha en que diste tu consentimiento.",
          "Asistente virtual y galería de clientes: los mensajes que escribes al asistente, y las fotografías y comentarios que decidas enviarnos para la galería, junto con el número de pedido y el correo que los respaldan.",
          "Datos técnicos: dirección IP, fecha y hora, páginas solicitadas, tipo de navegador y registros de errores que se generan al visitar el sitio, además del identificador de visitante del asistente virtual.",
          "Verificación anti-spam: nuestros formularios usan ALTCHA, una verificación de prueba de trabajo que resuelve tu propio navegador y que validamos en nuestro servidor. No usa cookies ni envía información sobre ti a terceros; solo guardamos si la verificación fue exitosa.",
          "Datos de pago: no los tratamos. Los datos de tu tarjeta los ingresas directamente en la página del proveedor de pagos, que solo nos informa el resultado del pago.",
        ],
      },
      {
        heading: "3. Finalidades y bases de licitud",
        paragraphs: [
          "Usamos tus datos solo para las finalidades que se indican a continuación, cada una con su base de licitud según la ley. No tomamos decisiones automatizadas sobre ti ni elaboramos perfiles con fines publicitarios.",
        ],
        list: [
          "Gestionar tu pedido, el pago, la fabricación, el despacho, la garantía y el derecho de retracto: la ejecución del contrato de compraventa que celebras con nosotros.",
          "Preparar y enviar cotizaciones y responder tus mensajes y consultas al asistente virtual: las medidas precontractuales y las respuestas que tú nos solicitas.",
          "Enviarte el boletín: tu consentimiento, que puedes revocar en cualquier momento sin afectar los tratamientos anteriores.",
          "Publicar en la galería de clientes las fotografías y comentarios que nos envías: tu consentimiento.",
          "Emitir documentos tributarios y conservar los registros de ventas: el cumplimiento de obligaciones legales, en especial tributarias y de protección al consumidor.",
          "Proteger el sitio frente al spam, el fraude y los abusos, y mantener su seguridad y funcionamiento (registros técnicos, verificación anti-spam y límites de envío): nuestro interés legítimo, que nunca prevalece sobre tus derechos.",
        ],
      },
      {
        heading: "4. Con quién compartimos tus datos",
        paragraphs: [
          "No vendemos, arrendamos ni cedemos tus datos personales con fines comerciales. Solo los comunicamos a quienes necesitamos para prestar nuestro servicio, bajo obligaciones de confidencialidad y seguridad:",
        ],
        list: [
          "Proveedor de pagos: procesa el pago que realizas en su página y nos informa el resultado.",
          "Empresas de courier: reciben tu nombre, teléfono y dirección de despacho para entregar tu pedido.",
          "Proveedor de correo electrónico: envía por cuenta nuestra las confirmaciones, cotizaciones, respuestas y el boletín.",
          "Proveedores de alojamiento e infraestructura del sitio, que almacenan los datos por cuenta nuestra.",
          "Autoridades públicas, como el Servicio de Impuestos Internos o los tribunales, cuando la ley lo exija.",
        ],
      },
      {
        heading: "5. Transferencias internacionales",
        paragraphs: [
          "Algunos de nuestros proveedores, por ejemplo de correo electrónico o de alojamiento, pueden almacenar datos fuera de Chile. En ese caso, solo transferimos datos a países con un nivel adecuado de protección o con garantías contractuales adecuadas, conforme a la ley.",
          "Si decides escribirnos por WhatsApp o visitar nuestras redes sociales, esas comunicaciones se rigen además por las condiciones y políticas de privacidad de esas plataformas.",
        ],
      },
      {
        heading: "6. Cuánto tiempo guardamos tus datos",
        paragraphs: [
          "Conservamos tus datos solo mientras sean necesarios para la finalidad para la que los recopilamos o mientras la ley nos obligue a guardarlos. Luego los eliminamos o los anonimizamos de forma irreversible. Si existe un reclamo o un proceso judicial pendiente, podemos conservarlos hasta su término.",
        ],
        list: [
          "Pedidos y documentos tributarios: 6 años desde la compra, como exige la normativa tributaria.",
          "Cotizaciones y mensajes de contacto: 2 años desde la última comunicación.",
          "Conversaciones con el asistente virtual: hasta 2 años.",
          "Boletín: hasta que te des de baja o revoques tu consentimiento.",
          "Fotografías y comentarios de la galería: mientras estén publicados o hasta que nos pidas retirarlos.",
          "Registros técnicos y de seguridad: hasta 12 meses, salvo que sean necesarios para investigar un incidente.",
        ],
      },
      {
        heading: "7. Tus derechos",
        paragraphs: [
          "Como titular de tus datos personales, tienes los siguientes derechos, además del derecho a revocar en cualquier momento el consentimiento que nos hayas dado:",
        ],
        list: [
          "Acceso: saber si tratamos tus datos y obtener una copia, con información sobre su origen, finalidades, destinatarios y plazo de conservación.",
          "Rectificación: corregir tus datos cuando sean inexactos, estén desactualizados o incompletos.",
          "Supresión: pedir que eliminemos tus datos cuando ya no sean necesarios, cuando revoques tu consentimiento o cuando se traten ilícitamente, salvo que la ley nos obligue a conservarlos.",
          "Oposición: oponerte a los tratamientos basados en nuestro interés legítimo y al envío de comunicaciones comerciales.",
          "Portabilidad: recibir los datos que nos entregaste en un formato estructurado, de uso común y lectura mecánica, o pedir que los transmitamos a otro responsable.",
          "Bloqueo: pedir la suspensión temporal del tratamiento mientras resolvemos una solicitud de rectificación, supresión u oposición.",
        ],
      },
      {
        heading: "8. Cómo ejercer tus derechos",
        paragraphs: [
          `Escríbenos a ${email} con el asunto «Datos personales», indicando tu nombre, el derecho que quieres ejercer y, si corresponde, los datos a los que se refiere tu solicitud. Para proteger tu información, podemos pedirte que acredites tu identidad, por ejemplo, escribiéndonos desde el correo con el que compraste o te suscribiste.`,
          "El ejercicio de tus derechos es gratuito. Te responderemos dentro de 30 días corridos desde que recibamos tu solicitud; si fuera necesario, podremos prorrogar este plazo por una sola vez y por igual período, y te lo informaremos antes de que venza.",
          "Si no respondemos dentro del plazo o no estás conforme con nuestra respuesta, puedes presentar un reclamo ante la Agencia de Protección de Datos Personales.",
        ],
      },
      {
        heading: "9. Boletín y baja con un clic",
        paragraphs: [
          "Solo te enviamos el boletín si te suscribes y das tu consentimiento. Cada correo del boletín incluye un enlace para darte de baja con un solo clic, sin iniciar sesión ni dar explicaciones.",
          `También puedes pedir la baja escribiendo a ${email}. Usamos tu correo del boletín solo para enviártelo y no lo compartimos con nadie, salvo con el proveedor que realiza los envíos.`,
        ],
      },
      {
        heading: "10. Seguridad de tus datos",
        paragraphs: [
          "Aplicamos medidas técnicas y organizativas apropiadas para proteger tus datos frente a su pérdida, alteración o acceso no autorizado. Si ocurriera una vulneración de seguridad que afecte tus datos, la comunicaremos a la Agencia de Protección de Datos Personales y, cuando la ley lo exija, también a ti.",
          "Entre otras medidas:",
        ],
        list: [
          "Conexión cifrada (HTTPS) en todo el sitio.",
          "Acceso al panel de administración restringido a personal autorizado, con cuentas personales, contraseñas robustas y control de sesión en el servidor.",
          "Los formularios públicos solo permiten enviar datos: nadie puede consultar desde el sitio los datos de otras personas.",
          "Verificación anti-spam, campos trampa y límites de envío en los formularios.",
          "Eliminación de los metadatos de ubicación de las fotografías que nos envías.",
          "Minimización: solo pedimos los datos necesarios para cada finalidad.",
        ],
      },
      {
        heading: "11. Cookies",
        paragraphs: [
          "Solo usamos cookies técnicamente necesarias para el funcionamiento del sitio, como la sesión del panel de administración, el identificador que mantiene tu conversación con el asistente virtual, el que registra tus «me gusta» en la galería de clientes (firmado por nosotros; para evitar abusos guardamos también tu dirección IP con cada «me gusta» durante un día) y preferencias de visualización.",
          "No usamos cookies publicitarias, píxeles ni rastreadores de terceros, ni herramientas de analítica que compartan tu navegación con otras empresas. Los enlaces a redes sociales y a WhatsApp solo te llevan a esos sitios.",
        ],
      },
      {
        heading: "12. Menores de edad",
        paragraphs: [
          "Nuestros productos y servicios están dirigidos a personas mayores de 18 años, y las compras deben realizarlas adultos. No recopilamos a sabiendas datos de menores de 14 años; si detectamos que hemos recibido datos de un menor de 14 años sin la autorización de sus padres o representantes legales, los eliminaremos.",
        ],
      },
      {
        heading: "13. Cambios a esta política",
        paragraphs: [
          "Podemos actualizar esta política cuando cambien nuestras prácticas o la ley. Publicaremos la nueva versión en esta página con su fecha de actualización y, si los cambios son relevantes, te lo informaremos por correo electrónico cuando contemos con tu dirección.",
        ],
      },
      {
        heading: "14. Autoridad de control",
        paragraphs: [
          "La autoridad encargada de velar por la protección de los datos personales en Chile es la Agencia de Protección de Datos Personales, creada por la Ley 21.719. Si consideras que no hemos respetado tus derechos, después de dirigirte a nosotros puedes presentar un reclamo ante ella.",
        ],
      },
    ],
  };
}
