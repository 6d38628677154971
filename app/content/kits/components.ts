/**
 * The components LifeBox kits are built from, each described once so that a product fact (2000
 * lumens, 500 °C, 15.000 usos…) is written in one place (docs/product.md#d1). Kits pick these and, where
 * it applies, add a quantity: `{ ...thermalBlankets, quantity: "4 unidades" }`.
 *
 * No text here states a delivery time or a component count (docs/product.md#d2, #d3).
 */
import type { KitComponent } from "~/content/types";

// First aid and trauma

export const firstAidKit: KitComponent = {
  name: "Botiquín de primeros auxilios",
  description:
    "Gasas estériles, vendas, apósitos, cinta adhesiva, tijeras y antiséptico para tratar heridas, cortes y quemaduras leves.",
  illustration: "first-aid-kit",
};

export const compactFirstAidKit: KitComponent = {
  name: "Botiquín de primeros auxilios compacto",
  description:
    "Lo básico para curar heridas y cortes leves, con gasas, vendas, apósitos y antiséptico en un formato reducido.",
  illustration: "first-aid-kit",
};

export const industrialFirstAidKit: KitComponent = {
  name: "Botiquín de primeros auxilios industrial",
  description:
    "Gasas estériles, vendas, apósitos, tijeras y antiséptico para atender las lesiones más frecuentes en el lugar de trabajo mientras llega la ayuda especializada.",
  illustration: "first-aid-kit",
};

export const cprMask: KitComponent = {
  name: "Mascarilla RCP",
  description:
    "Barrera con válvula unidireccional para dar ventilaciones de forma higiénica durante una reanimación cardiopulmonar.",
  illustration: "cpr-mask",
};

export const oxygenCylinder: KitComponent = {
  name: "Cilindro de oxígeno portátil (12 minutos)",
  description:
    "Entrega oxígeno durante 12 minutos a través de una boquilla, como apoyo respiratorio mientras llega la ayuda médica, por ejemplo tras inhalar humo.",
  illustration: "oxygen",
};

export const hemorrhageKit: KitComponent = {
  name: "Kit para hemorragias",
  description:
    "Torniquete y vendaje compresivo para contener sangrados graves en brazos y piernas hasta recibir atención médica.",
  illustration: "tourniquet",
};

export const splint: KitComponent = {
  name: "Férula inmovilizadora",
  description:
    "Férula liviana y moldeable para inmovilizar fracturas o esguinces de brazos y piernas antes de trasladar al lesionado.",
  illustration: "splint",
};

export const burnGel: KitComponent = {
  name: "Gel para quemaduras",
  description:
    "Gel refrescante que alivia el dolor y protege las quemaduras leves mientras la persona recibe atención.",
  illustration: "burn-gel",
};

export const eyeWash: KitComponent = {
  name: "Solución lavaojos de 250 ml",
  description:
    "Solución estéril para enjuagar los ojos de inmediato tras una salpicadura de productos químicos o la entrada de partículas.",
  illustration: "eye-wash",
};

// Personal protection

export const nitrileGloves: KitComponent = {
  name: "Guantes de nitrilo",
  description:
    "Guantes desechables sin látex que protegen a quien presta ayuda y a quien la recibe; aptos para personas alérgicas al látex.",
  illustration: "gloves",
};

export const kn95Masks: KitComponent = {
  name: "Mascarillas KN95",
  description:
    "Filtran al menos el 95 % de las partículas en suspensión, como humo, polvo o ceniza, según la norma GB 2626-2019.",
  illustration: "mask",
};

export const safetyGlasses: KitComponent = {
  name: "Lentes de seguridad",
  description:
    "Lentes de policarbonato resistentes a impactos que protegen los ojos de partículas y salpicaduras durante una emergencia.",
  illustration: "safety-glasses",
};

export const earProtection: KitComponent = {
  name: "Protectores auditivos",
  description:
    "Reducen la exposición al ruido de alarmas y maquinaria mientras se atiende una emergencia o se evacúa la planta.",
  illustration: "ear-protection",
};

// Warmth, shelter and fire

export const thermalBlankets: KitComponent = {
  name: "Mantas térmicas",
  description:
    "Mantas de Mylar que retienen el 90 % del calor corporal y ayudan a prevenir la hipotermia; pesan muy poco y se pliegan en un espacio mínimo.",
  illustration: "thermal-blanket",
};

export const fireBlankets: KitComponent = {
  name: "Mantas ignífugas de escape",
  description:
    "Resisten hasta 500\u00a0°C: sirven para sofocar un fuego incipiente o para cubrirse al evacuar un lugar con llamas.",
  illustration: "fire-blanket",
};

export const fireBlanket: KitComponent = {
  ...fireBlankets,
  name: "Manta ignífuga de escape",
};

export const industrialFireBlanket: KitComponent = {
  name: "Manta ignífuga",
  description:
    "Resiste hasta 500\u00a0°C: permite sofocar un fuego incipiente en un equipo o en la ropa de una persona, y cubrirse al evacuar.",
  illustration: "fire-blanket",
};

export const thermalTent: KitComponent = {
  name: "Carpa térmica para 2 personas",
  description:
    "Refugio de emergencia de material reflectante que resiste vientos de hasta 80 km/h y conserva el calor durante la noche.",
  illustration: "tent",
};

export const foilBag: KitComponent = {
  name: "Saco térmico de aluminio",
  description:
    "Saco aluminizado que envuelve todo el cuerpo y conserva el calor si debes pasar la noche a la intemperie.",
  illustration: "sleeping-bag",
};

export const waterproofMatches: KitComponent = {
  name: "Fósforos impermeables",
  description: "Encienden aunque estén húmedos o haya viento; vienen en un estuche hermético con raspador.",
  illustration: "matches",
};

export const flint: KitComponent = {
  name: "Pedernal",
  description: "Produce chispas aun mojado para encender una fogata y rinde hasta 15.000 usos.",
  illustration: "flint",
};

// Food and water

export const energyRations: KitComponent = {
  name: "Raciones de energía",
  description:
    "Barras compactas de alta energía: cada ración aporta 3600 calorías y tiene una vida útil de 5 años.",
  illustration: "food-ration",
};

export const foodRation: KitComponent = {
  name: "Ración de alimento de emergencia",
  description:
    "Ración compacta que aporta 3600 calorías y tiene una vida útil de 5 años; se divide fácilmente en porciones.",
  illustration: "food-ration",
};

export const drinkingWater: KitComponent = {
  name: "Agua potable en unidades de 350 ml",
  description:
    "Agua potable envasada en unidades selladas de 350 ml, fáciles de repartir y de racionar entre los tripulantes.",
  illustration: "water",
};

export const waterFilter: KitComponent = {
  name: "Filtro de agua",
  description:
    "Filtro portátil para beber agua dulce de ríos, esteros o lagos, que retiene bacterias y sedimentos. No desaliniza el agua de mar.",
  illustration: "water-filter",
};

// Light, communication and signalling

export const batteryRadio: KitComponent = {
  name: "Radio a pilas",
  description:
    "Radio AM/FM para seguir las alertas e instrucciones de las autoridades cuando no hay electricidad ni señal de celular.",
  illustration: "radio",
};

export const headlamp: KitComponent = {
  name: "Linterna frontal LED recargable + pilas",
  description:
    "Linterna frontal de 2000 lúmenes que deja ambas manos libres; se recarga y también funciona con las pilas incluidas.",
  illustration: "headlamp",
};

export const compactHeadlamp: KitComponent = {
  name: "Linterna frontal LED recargable",
  description:
    "Linterna frontal liviana que deja ambas manos libres para moverte a oscuras o atender a alguien durante un corte de luz.",
  illustration: "headlamp",
};

export const compass: KitComponent = {
  name: "Brújula",
  description:
    "Brújula con placa base y escala para orientarte y mantener un rumbo cuando no hay señal de GPS.",
  illustration: "compass",
};

export const highFrequencyAlarm: KitComponent = {
  name: "Alarma de alta frecuencia",
  description: "Emite un sonido agudo y potente para pedir ayuda o reunir a tu grupo sin gastar la voz.",
  illustration: "alarm",
};

export const whistle: KitComponent = {
  name: "Silbato de emergencia",
  description:
    "Silbato sin bolita que suena aunque esté mojado; se escucha mucho más lejos que la voz y casi no requiere esfuerzo.",
  illustration: "whistle",
};

export const signalMirror: KitComponent = {
  name: "Espejo de señales",
  description:
    "Refleja la luz del sol hasta 15 millas de distancia para llamar la atención de embarcaciones y aeronaves de rescate.",
  illustration: "signal-mirror",
};

export const strobeLight: KitComponent = {
  name: "Luz estroboscópica",
  description:
    "Emite 60 destellos por minuto hasta 120 horas para que te ubiquen de noche o con poca visibilidad.",
  illustration: "strobe",
};

export const airHorn: KitComponent = {
  name: "Bocina de aire",
  description:
    "Se escucha hasta 1 milla de distancia; sirve para hacer señales con niebla y para pedir auxilio.",
  illustration: "air-horn",
};

// Tools and storage

export const multitool: KitComponent = {
  name: "Multiherramienta",
  description:
    "Cuchillo, alicate, destornilladores y abrelatas de acero inoxidable reunidos en una herramienta plegable.",
  illustration: "multitool",
};

export const documentBag: KitComponent = {
  name: "Bolsa impermeable para documentos",
  description:
    "Mantiene a salvo del agua y del polvo cédulas de identidad, pasaportes, escrituras y recetas médicas.",
  illustration: "dry-bag",
};

export const dryBag: KitComponent = {
  name: "Bolsa estanca",
  description: "Protege el celular, los documentos y una muda de ropa seca; resiste la inmersión hasta 10 m.",
  illustration: "dry-bag",
};
