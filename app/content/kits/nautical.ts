/** LifeBox Nautical and Nautical Mini: navigation and water activities (docs/product.md#spec-2, #spec-3). */
import type { Kit } from "~/content/types";
import { ip67, ipx56RohsCe, milB131 } from "./certifications";
import {
  airHorn,
  compactFirstAidKit,
  drinkingWater,
  dryBag,
  firstAidKit,
  foodRation,
  signalMirror,
  strobeLight,
  thermalBlankets,
  waterFilter,
} from "./components";

export const nautical: Kit = {
  id: "nautical",
  line: "nautical",
  version: "standard",
  name: "LifeBox Nautical",
  description:
    "Kit de supervivencia para la navegación y las actividades acuáticas, preparado para hasta 4 personas por 3 días en el mar.",
  price: 349990,
  tagline: "Seguridad a bordo para navegar con tranquilidad.",
  ip67Note:
    "Caja hermética con protección IP67, sumergible hasta 2 m: el equipo se mantiene seco aunque la caja caiga al agua.",
  highlights: [
    "Para hasta 4 personas por 3 días en el mar",
    "Agua potable en unidades de 350 ml y filtro de agua",
    "Ración de alimento de 3600 calorías con 5 años de vida útil",
    "Espejo de señales visible hasta 15 millas",
    "Luz estroboscópica: 60 destellos por minuto hasta 120 horas",
    "Bocina de aire audible hasta 1 milla",
    "Bolsa estanca resistente hasta 10 m",
    "Mantas térmicas que retienen el 90 % del calor corporal",
  ],
  benefits: [
    {
      title: "Pensado para el mar",
      description:
        "Agua, alimento y abrigo para resistir en el mar mientras llega el rescate, sin depender de la embarcación.",
      icon: "anchor",
    },
    {
      title: "Todo se mantiene seco",
      description:
        "La caja hermética y la bolsa estanca protegen el equipo, el celular y los documentos del agua.",
      icon: "droplets",
    },
    {
      title: "Para toda la tripulación",
      description:
        "Pensado para hasta 4 personas, con señales visuales y sonoras para que los rescatistas los encuentren.",
      icon: "users",
    },
  ],
  gallery: [
    {
      scene: "boat",
      alt: "Ilustración de un velero navegando con el kit LifeBox Nautical a bordo",
      caption: "A bordo de tu velero o lancha, fijo y a mano en la cabina.",
    },
    {
      scene: "coast",
      alt: "Ilustración de la costa con el kit LifeBox Nautical sobre las rocas",
      caption: "En la costa, listo para pescadores, buzos y salidas de fin de semana.",
    },
    {
      scene: "kayak",
      alt: "Ilustración de un kayak en el mar con el kit LifeBox Nautical amarrado a la cubierta",
      caption: "En kayak, con señales para hacerte ver y oír en el agua.",
    },
  ],
  contents: [
    {
      name: "Agua y alimentación",
      items: [drinkingWater, waterFilter, foodRation],
    },
    {
      name: "Señalización y rescate",
      items: [signalMirror, strobeLight, airHorn],
    },
    {
      name: "Primeros auxilios y abrigo",
      items: [firstAidKit, { ...thermalBlankets, quantity: "4 unidades" }],
    },
    {
      name: "Protección del equipo",
      items: [dryBag],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "39,74 x 29,20 x 15,20 cm" },
    { label: "Peso", value: "4,2 kg" },
    { label: "Capacidad", value: "Hasta 4 personas por 3 días en el mar" },
    { label: "Hermeticidad", value: "IP67, sumergible hasta 2 m" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, milB131, ipx56RohsCe],
  siblingId: "nautical-mini",
};

export const nauticalMini: Kit = {
  id: "nautical-mini",
  line: "nautical",
  version: "mini",
  name: "LifeBox Nautical Mini",
  description:
    "Versión compacta del Nautical para embarcaciones menores y deportes acuáticos, preparada para hasta 2 personas por 2 días.",
  price: 199990,
  tagline: "Lo esencial para el agua, en formato compacto.",
  ip67Note:
    "Caja compacta con protección IP67: hermética al polvo y resistente a la inmersión temporal en agua y a los golpes.",
  highlights: [
    "Para hasta 2 personas por 2 días",
    "Agua potable en unidades de 350 ml",
    "Ración de alimento de 3600 calorías",
    "Espejo de señales visible hasta 15 millas",
    "Luz estroboscópica de 60 destellos por minuto",
    "Botiquín compacto y 2 mantas térmicas",
    "Cabe en la escotilla de un kayak o bajo un asiento",
  ],
  benefits: [
    {
      title: "Protegido del agua",
      description:
        "La caja hermética mantiene secos el agua potable, el alimento y el botiquín aunque te mojes entero.",
      icon: "droplets",
    },
    {
      title: "Hazte ver en el agua",
      description: "Espejo de señales y luz estroboscópica para que te ubiquen de día y de noche.",
      icon: "anchor",
    },
    {
      title: "Compacto a bordo",
      description: "Ocupa poco espacio en kayaks, botes y motos de agua, donde cada centímetro cuenta.",
      icon: "package",
    },
  ],
  gallery: [
    {
      scene: "boat",
      alt: "Ilustración de un bote pequeño con el kit LifeBox Nautical Mini bajo el asiento",
      caption: "En botes y lanchas pequeñas, guardado bajo el asiento.",
    },
    {
      scene: "coast",
      alt: "Ilustración de una playa con el kit LifeBox Nautical Mini junto a una tabla",
      caption: "En la playa, para tus salidas de surf, remo o buceo.",
    },
    {
      scene: "kayak",
      alt: "Ilustración de un kayak con el kit LifeBox Nautical Mini en la escotilla",
      caption: "En la escotilla de tu kayak, sin estorbar la remada.",
    },
  ],
  contents: [
    {
      name: "Agua y alimentación",
      items: [drinkingWater, foodRation],
    },
    {
      name: "Señalización y rescate",
      items: [signalMirror, strobeLight],
    },
    {
      name: "Primeros auxilios y abrigo",
      items: [compactFirstAidKit, { ...thermalBlankets, quantity: "2 unidades" }],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "21,00 x 16,70 x 9,40 cm" },
    { label: "Peso", value: "2,1 kg" },
    { label: "Capacidad", value: "Hasta 2 personas por 2 días" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, milB131, ipx56RohsCe],
  siblingId: "nautical",
};
