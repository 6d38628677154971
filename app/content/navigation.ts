/** The site's main navigation (docs/product.md#spec-2 "Shared layout") and footer links. */
export interface NavLinkItem {
  label: string;
  to: string;
}

export const mainNavigation: NavLinkItem[] = [
  { label: "Inicio", to: "/" },
  { label: "Cómo funciona", to: "/como-funciona" },
  { label: "Propósito", to: "/proposito" },
  { label: "Preguntas frecuentes", to: "/faq" },
  { label: "Contacto", to: "/contacto" },
];

export const allProductsLink: NavLinkItem = { label: "Todos los productos", to: "/productos" };

export const footerNavigation: NavLinkItem[] = [
  { label: "Inicio", to: "/" },
  { label: "Productos", to: "/productos" },
  { label: "Cómo funciona", to: "/como-funciona" },
  { label: "Propósito", to: "/proposito" },
  { label: "Preguntas frecuentes", to: "/faq" },
  { label: "Galería de clientes", to: "/galeria" },
  { label: "Contacto", to: "/contacto" },
];
