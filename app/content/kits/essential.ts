/** LifeBox Essential and Essential Mini: home, office and public spaces (docs/product.md#spec-2, #spec-3). */
import type { Kit } from "~/content/types";
import { en1869, gb2626, ip67, ipx56RohsCe, milB131 } from "./certifications";
import {
  batteryRadio,
  compactFirstAidKit,
  compactHeadlamp,
  cprMask,
  documentBag,
  fireBlanket,
  fireBlankets,
  firstAidKit,
  headlamp,
  kn95Masks,
  nitrileGloves,
  oxygenCylinder,
  thermalBlankets,
  waterproofMatches,
} from "./components";

export const essential: Kit = {
  id: "essential",
  line: "essential",
  version: "standard",
  name: "LifeBox Essential",
  description:
    "Kit de emergencia para el hogar y los espacios públicos, preparado para proteger hasta 4 personas durante 72 horas.",
  price: 219990,
  tagline: "Tu primera respuesta ante sismos, incendios y cortes de luz.",
  ip67Note:
    "Caja hermética y resistente a golpes con protección IP67: totalmente protegida contra el polvo y resistente a la inmersión temporal en agua.",
  highlights: [
    "Para hasta 4 personas por 72 horas",
    "Cilindro de oxígeno portátil para 12 minutos",
    "Linterna frontal LED de 2000 lúmenes",
    "Radio a pilas para seguir las alertas oficiales",
    "4 mantas térmicas que retienen el 90 % del calor corporal",
    "2 mantas ignífugas que resisten hasta 500\u00a0°C",
    "10 mascarillas KN95 y 4 pares de guantes de nitrilo",
    "Bolsa impermeable para tus documentos importantes",
  ],
  benefits: [
    {
      title: "Preparado para emergencias",
      description:
        "Sismos, incendios, cortes de luz o evacuaciones: reúne en una sola caja lo necesario para las primeras 72 horas.",
      icon: "shield",
    },
    {
      title: "Primera respuesta médica",
      description:
        "Botiquín, mascarilla RCP y oxígeno portátil para atender a los tuyos mientras llega la ayuda.",
      icon: "heart-pulse",
    },
    {
      title: "Para toda la familia",
      description:
        "Pensado para hasta 4 personas, con mascarillas, guantes y mantas suficientes para cada una.",
      icon: "users",
    },
  ],
  gallery: [
    {
      scene: "home",
      alt: "Ilustración de un hogar con el kit LifeBox Essential guardado cerca de la salida",
      caption: "En casa, a mano junto a la salida para evacuar sin perder tiempo.",
    },
    {
      scene: "office",
      alt: "Ilustración de una oficina con el kit LifeBox Essential sobre un mueble",
      caption: "En la oficina, como parte del plan de emergencia de tu equipo.",
    },
    {
      scene: "car",
      alt: "Ilustración de un auto con el kit LifeBox Essential en el maletero",
      caption: "En el auto, listo para imprevistos en la carretera o lejos de casa.",
    },
  ],
  contents: [
    {
      name: "Primeros auxilios",
      items: [firstAidKit, cprMask, oxygenCylinder],
    },
    {
      name: "Protección personal",
      items: [
        { ...nitrileGloves, quantity: "4 pares" },
        { ...kn95Masks, quantity: "10 unidades" },
      ],
    },
    {
      name: "Abrigo y protección contra el fuego",
      items: [
        { ...thermalBlankets, quantity: "4 unidades" },
        { ...fireBlankets, quantity: "2 unidades" },
      ],
    },
    {
      name: "Comunicación e iluminación",
      items: [batteryRadio, headlamp],
    },
    {
      name: "Fuego y documentos",
      items: [waterproofMatches, documentBag],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "29,60 x 22,20 x 10,30 cm" },
    { label: "Peso", value: "3,2 kg" },
    { label: "Capacidad", value: "Hasta 4 personas por 72 horas" },
    { label: "Rango de temperatura", value: "-20\u00a0°C a +60\u00a0°C" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, gb2626, en1869, milB131, ipx56RohsCe],
  siblingId: "essential-mini",
};

export const essentialMini: Kit = {
  id: "essential-mini",
  line: "essential",
  version: "mini",
  name: "LifeBox Essential Mini",
  description:
    "Versión compacta del Essential para el hogar, la oficina o el auto, preparada para hasta 2 personas durante 48 horas.",
  price: 139990,
  tagline: "Lo esencial para una emergencia, en formato compacto.",
  ip67Note:
    "Caja compacta con protección IP67: hermética al polvo, resistente a la inmersión temporal en agua y a los golpes.",
  highlights: [
    "Para hasta 2 personas por 48 horas",
    "Cabe en un cajón, un velador o el maletero",
    "6 mascarillas KN95 y 2 pares de guantes de nitrilo",
    "2 mantas térmicas que retienen el 90 % del calor corporal",
    "Manta ignífuga que resiste hasta 500\u00a0°C",
    "Botiquín compacto y mascarilla RCP",
    "Linterna frontal LED recargable",
    "Bolsa impermeable para tus documentos importantes",
  ],
  benefits: [
    {
      title: "Compacto y liviano",
      description:
        "Ocupa poco espacio y se guarda en un cajón, un casillero o bajo el asiento del auto, siempre a mano.",
      icon: "package",
    },
    {
      title: "Protección básica asegurada",
      description:
        "Mascarillas, guantes, mantas y botiquín para responder a sismos, incendios y cortes de luz.",
      icon: "shield",
    },
    {
      title: "Para dos personas",
      description:
        "Ideal para parejas, departamentos pequeños o como complemento del kit familiar en el trabajo o el auto.",
      icon: "users",
    },
  ],
  gallery: [
    {
      scene: "home",
      alt: "Ilustración de un departamento con el kit LifeBox Essential Mini guardado en un mueble",
      caption: "En tu departamento, guardado en un cajón o en el clóset de la entrada.",
    },
    {
      scene: "office",
      alt: "Ilustración de un escritorio de oficina con el kit LifeBox Essential Mini",
      caption: "En tu escritorio o casillero, para reaccionar de inmediato en el trabajo.",
    },
    {
      scene: "car",
      alt: "Ilustración de un auto con el kit LifeBox Essential Mini bajo el asiento",
      caption: "Bajo el asiento del auto, sin quitar espacio al equipaje.",
    },
  ],
  contents: [
    {
      name: "Primeros auxilios",
      items: [compactFirstAidKit, cprMask],
    },
    {
      name: "Protección personal",
      items: [
        { ...nitrileGloves, quantity: "2 pares" },
        { ...kn95Masks, quantity: "6 unidades" },
      ],
    },
    {
      name: "Abrigo y protección contra el fuego",
      items: [{ ...thermalBlankets, quantity: "2 unidades" }, fireBlanket],
    },
    {
      name: "Iluminación y utilidades",
      items: [compactHeadlamp, waterproofMatches, documentBag],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "21,00 x 16,70 x 9,40 cm" },
    { label: "Peso", value: "2,1 kg" },
    { label: "Capacidad", value: "Hasta 2 personas por 48 horas" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, gb2626, en1869, milB131, ipx56RohsCe],
  siblingId: "essential",
};
