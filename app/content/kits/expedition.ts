/**
 * LifeBox Expedition and Expedition Mini: mountain and land expeditions (docs/product.md#spec-2, #spec-3).
 * Capacity uses the conservative reading of the spec: 1 persona por 5 días (docs/product.md#d4).
 */
import type { Kit } from "~/content/types";
import { ip67, ipx56RohsCe, milB131 } from "./certifications";
import {
  compactFirstAidKit,
  compactHeadlamp,
  compass,
  energyRations,
  firstAidKit,
  flint,
  foilBag,
  headlamp,
  hemorrhageKit,
  highFrequencyAlarm,
  multitool,
  splint,
  thermalBlankets,
  thermalTent,
  waterFilter,
  whistle,
} from "./components";

export const expedition: Kit = {
  id: "expedition",
  line: "expedition",
  version: "standard",
  name: "LifeBox Expedition",
  description:
    "Kit de supervivencia para expediciones de montaña y terreno, pensado para 1 persona por 5 días.",
  price: 289990,
  tagline: "Autonomía y seguridad para tus expediciones de montaña y terreno.",
  ip67Note:
    "Caja de polímero antiimpacto reforzado con protección IP67: resiste el polvo, la lluvia y la inmersión temporal en agua.",
  highlights: [
    "Pensado para 1 persona por 5 días",
    "Raciones de energía de 3600 calorías con 5 años de vida útil",
    "Carpa térmica para 2 personas que resiste vientos de 80 km/h",
    "Saco térmico de aluminio y mantas térmicas",
    "Pedernal de hasta 15.000 usos",
    "Botiquín, kit para hemorragias y férula inmovilizadora",
    "Brújula y alarma de alta frecuencia",
    "Caja apta de -40\u00a0°C a +70\u00a0°C",
  ],
  benefits: [
    {
      title: "Hecho para la montaña",
      description:
        "Soporta de -40\u00a0°C a +70\u00a0°C, desde la cordillera en invierno hasta el desierto en verano.",
      icon: "mountain",
    },
    {
      title: "Atención de trauma en terreno",
      description:
        "Kit para hemorragias, férula y botiquín para estabilizar una lesión lejos de un centro de salud.",
      icon: "heart-pulse",
    },
    {
      title: "Autonomía de 5 días",
      description:
        "Energía, agua filtrada, refugio y fuego para que 1 persona resista 5 días mientras llega el rescate.",
      icon: "clock",
    },
  ],
  gallery: [
    {
      scene: "mountain",
      alt: "Ilustración de una cordillera nevada con el kit LifeBox Expedition junto a una mochila",
      caption: "En la alta montaña, preparado para el frío extremo y los cambios de tiempo.",
    },
    {
      scene: "camp",
      alt: "Ilustración de un campamento con una carpa y el kit LifeBox Expedition abierto",
      caption: "En el campamento, con refugio, fuego y alimento al alcance de la mano.",
    },
    {
      scene: "trail",
      alt: "Ilustración de un sendero de trekking con el kit LifeBox Expedition en la mochila",
      caption: "En el sendero, con brújula y alarma para orientarte y pedir ayuda.",
    },
  ],
  contents: [
    {
      name: "Alimentación e hidratación",
      items: [energyRations, waterFilter],
    },
    {
      name: "Refugio y abrigo",
      items: [thermalTent, foilBag, { ...thermalBlankets, quantity: "2 unidades" }],
    },
    {
      name: "Primeros auxilios y trauma",
      items: [firstAidKit, hemorrhageKit, splint],
    },
    {
      name: "Orientación y señalización",
      items: [compass, highFrequencyAlarm, headlamp],
    },
    {
      name: "Fuego y herramientas",
      items: [flint, multitool],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "29,60 x 22,20 x 10,30 cm" },
    { label: "Peso", value: "4,8 kg" },
    { label: "Capacidad", value: "1 persona por 5 días" },
    { label: "Rango de temperatura", value: "-40\u00a0°C a +70\u00a0°C" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero antiimpacto reforzado" },
  ],
  certifications: [ip67, milB131, ipx56RohsCe],
  siblingId: "expedition-mini",
};

export const expeditionMini: Kit = {
  id: "expedition-mini",
  line: "expedition",
  version: "mini",
  name: "LifeBox Expedition Mini",
  description:
    "Versión compacta del Expedition para salidas a la montaña y al terreno, pensada para 1 persona por 3 días.",
  price: 179990,
  tagline: "Lo indispensable para salir a la montaña, dentro de tu mochila.",
  ip67Note: "Caja compacta con protección IP67: resiste el polvo, la lluvia y la inmersión temporal en agua.",
  highlights: [
    "Pensado para 1 persona por 3 días",
    "Raciones de energía de 3600 calorías",
    "Saco térmico de aluminio y 2 mantas térmicas",
    "Pedernal de hasta 15.000 usos",
    "Botiquín compacto y kit para hemorragias",
    "Brújula, silbato y linterna frontal",
    "Filtro para agua dulce",
    "Caja apta de -40\u00a0°C a +70\u00a0°C",
  ],
  benefits: [
    {
      title: "Cabe en tu mochila",
      description:
        "Su formato compacto deja espacio para tu equipo y te acompaña en salidas de uno o varios días.",
      icon: "package",
    },
    {
      title: "Resiste la cordillera",
      description:
        "Funciona de -40\u00a0°C a +70\u00a0°C, con abrigo térmico y fuego para pasar una noche imprevista a la intemperie.",
      icon: "mountain",
    },
    {
      title: "Tres días de autonomía",
      description:
        "Energía, agua filtrada y señalización para que 1 persona resista 3 días hasta ser encontrada.",
      icon: "clock",
    },
  ],
  gallery: [
    {
      scene: "mountain",
      alt: "Ilustración de un cerro con el kit LifeBox Expedition Mini en el bolsillo de una mochila",
      caption: "En cumbres de un día, liviano y siempre contigo.",
    },
    {
      scene: "camp",
      alt: "Ilustración de un vivac con el kit LifeBox Expedition Mini junto al saco térmico",
      caption: "En un vivac imprevisto, con abrigo y fuego para pasar la noche.",
    },
    {
      scene: "trail",
      alt: "Ilustración de un sendero con el kit LifeBox Expedition Mini colgado de la mochila",
      caption: "En el sendero, con brújula y silbato para orientarte y hacerte oír.",
    },
  ],
  contents: [
    {
      name: "Alimentación e hidratación",
      items: [energyRations, waterFilter],
    },
    {
      name: "Refugio y abrigo",
      items: [foilBag, { ...thermalBlankets, quantity: "2 unidades" }],
    },
    {
      name: "Primeros auxilios",
      items: [compactFirstAidKit, hemorrhageKit],
    },
    {
      name: "Orientación y señalización",
      items: [compass, whistle, compactHeadlamp],
    },
    {
      name: "Fuego",
      items: [flint],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "21,00 x 16,70 x 9,40 cm" },
    { label: "Peso", value: "2,1 kg" },
    { label: "Capacidad", value: "1 persona por 3 días" },
    { label: "Rango de temperatura", value: "-40\u00a0°C a +70\u00a0°C" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, milB131, ipx56RohsCe],
  siblingId: "expedition",
};
