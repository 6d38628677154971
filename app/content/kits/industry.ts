/** LifeBox Industry and Industry Mini: factories and production (docs/product.md#spec-2, #spec-3). */
import type { Kit } from "~/content/types";
import { en1869, gb2626, ip67 } from "./certifications";
import {
  burnGel,
  compactFirstAidKit,
  earProtection,
  eyeWash,
  hemorrhageKit,
  industrialFireBlanket,
  industrialFirstAidKit,
  kn95Masks,
  nitrileGloves,
  safetyGlasses,
  splint,
} from "./components";

export const industry: Kit = {
  id: "industry",
  line: "industry",
  version: "standard",
  name: "LifeBox Industry",
  description:
    "Kit de emergencia para fábricas y plantas de producción, con cobertura para hasta 50 trabajadores.",
  price: 539990,
  tagline: "Respuesta inmediata ante accidentes en tu planta.",
  ip67Note:
    "Caja hermética y resistente a golpes con protección IP67: totalmente protegida contra el polvo de la planta y resistente a la inmersión temporal en agua.",
  highlights: [
    "Cobertura para hasta 50 trabajadores",
    "Lavaojos de 250 ml para salpicaduras químicas",
    "Gel para quemaduras",
    "Manta ignífuga que resiste hasta 500\u00a0°C",
    "Botiquín industrial, kit para hemorragias y férula",
    "Lentes de seguridad y protectores auditivos",
    "Mascarillas KN95 y guantes de nitrilo",
    "Caja apta de -30\u00a0°C a +80\u00a0°C",
  ],
  benefits: [
    {
      title: "Diseñado para la industria",
      description:
        "Responde a los riesgos típicos de una planta: cortes, golpes, quemaduras, salpicaduras químicas y principios de incendio.",
      icon: "factory",
    },
    {
      title: "Primeros auxilios sin demora",
      description:
        "Todo ordenado por tipo de emergencia para que cualquier trabajador capacitado actúe en segundos.",
      icon: "heart-pulse",
    },
    {
      title: "Para equipos grandes",
      description:
        "Cobertura para hasta 50 trabajadores en una sola caja, fácil de fijar en un punto visible de la planta.",
      icon: "users",
    },
  ],
  gallery: [
    {
      scene: "factory",
      alt: "Ilustración de una planta de producción con el kit LifeBox Industry junto a una línea de máquinas",
      caption: "En la planta, junto a las líneas de producción y a la vista de todos.",
    },
    {
      scene: "warehouse",
      alt: "Ilustración de una bodega con estanterías y el kit LifeBox Industry en un pilar",
      caption: "En la bodega, cerca de las zonas de carga y grúas horquilla.",
    },
    {
      scene: "construction",
      alt: "Ilustración de una obra en construcción con el kit LifeBox Industry en la instalación de faena",
      caption: "En la obra, protegido del polvo y de la lluvia en la instalación de faena.",
    },
  ],
  contents: [
    {
      name: "Primeros auxilios y trauma",
      items: [industrialFirstAidKit, hemorrhageKit, splint],
    },
    {
      name: "Quemaduras, químicos y fuego",
      items: [eyeWash, burnGel, industrialFireBlanket],
    },
    {
      name: "Protección personal",
      items: [safetyGlasses, earProtection, kn95Masks, nitrileGloves],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "39,74 x 29,20 x 15,20 cm" },
    { label: "Peso", value: "6,8 kg" },
    { label: "Capacidad", value: "Hasta 50 trabajadores" },
    { label: "Rango de temperatura", value: "-30\u00a0°C a +80\u00a0°C" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, gb2626, en1869],
  siblingId: "industry-mini",
};

export const industryMini: Kit = {
  id: "industry-mini",
  line: "industry",
  version: "mini",
  name: "LifeBox Industry Mini",
  description:
    "Versión compacta del Industry para talleres, bodegas y faenas pequeñas, con cobertura para hasta 25 trabajadores.",
  price: 185990,
  tagline: "Primeros auxilios industriales para talleres y faenas pequeñas.",
  ip67Note:
    "Caja compacta con protección IP67: hermética al polvo y resistente a la inmersión temporal en agua y a los golpes.",
  highlights: [
    "Cobertura para hasta 25 trabajadores",
    "Lavaojos de 250 ml para salpicaduras químicas",
    "Gel para quemaduras",
    "Manta ignífuga que resiste hasta 500\u00a0°C",
    "Botiquín de primeros auxilios compacto",
    "Lentes de seguridad y protectores auditivos",
    "Guantes de nitrilo",
  ],
  benefits: [
    {
      title: "Para talleres y faenas",
      description:
        "Cubre los accidentes más comunes de un taller: cortes, quemaduras, salpicaduras y principios de incendio.",
      icon: "factory",
    },
    {
      title: "Compacto y fácil de ubicar",
      description:
        "Se instala en un muro, un vehículo de faena o una bodega pequeña sin ocupar espacio de trabajo.",
      icon: "package",
    },
    {
      title: "Equipos de hasta 25 personas",
      description:
        "Dimensionado para equipos medianos o como complemento del Industry en áreas alejadas de la planta.",
      icon: "users",
    },
  ],
  gallery: [
    {
      scene: "factory",
      alt: "Ilustración de un taller con el kit LifeBox Industry Mini en el muro",
      caption: "En el taller, a un paso de los bancos de trabajo.",
    },
    {
      scene: "warehouse",
      alt: "Ilustración de una bodega pequeña con el kit LifeBox Industry Mini en una estantería",
      caption: "En bodegas y centros de distribución pequeños.",
    },
    {
      scene: "construction",
      alt: "Ilustración de una faena con el kit LifeBox Industry Mini en una camioneta",
      caption: "En la camioneta de faena, para cuadrillas en terreno.",
    },
  ],
  contents: [
    {
      name: "Primeros auxilios",
      items: [compactFirstAidKit, burnGel],
    },
    {
      name: "Químicos y fuego",
      items: [eyeWash, industrialFireBlanket],
    },
    {
      name: "Protección personal",
      items: [safetyGlasses, earProtection, nitrileGloves],
    },
  ],
  specifications: [
    { label: "Dimensiones", value: "21,00 x 16,70 x 9,40 cm" },
    { label: "Peso", value: "2,1 kg" },
    { label: "Capacidad", value: "Hasta 25 trabajadores" },
    { label: "Hermeticidad", value: "IP67" },
    { label: "Material de la caja", value: "Polímero resistente a impactos" },
  ],
  certifications: [ip67, en1869],
  siblingId: "industry",
};
