import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartLink, cartPath } from "~/components/cart-link";
import { Logo } from "~/components/logo";
import { ProductsDropdown } from "~/components/products-dropdown";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { allProductsLink, mainNavigation, type NavLinkItem } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { useRootData } from "~/lib/root-data";

/** Active links are brand orange (#e8590c); Home only on an exact match (docs/product.md#spec-2). */
const linkClass = (isActive: boolean) =>
  cn(
    "rounded px-3 py-2 text-sm font-medium transition-colors hover:text-brand",
    isActive ? "text-brand" : "text-stone-100",
  );

function isActivePath(pathname: string, to: string) {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

/** `chatButton`: the chat's button for phones, beside the WhatsApp button (docs/decisions/038). */
export function SiteHeader({ chatButton }: { chatButton?: React.ReactNode }) {
  const { pathname } = useLocation();
  const [home, ...rest] = mainNavigation;
  const productsActive = isActivePath(pathname, "/productos");
  const { company, kitLinks } = useRootData();
  const productLinks = [allProductsLink, ...kitLinks];

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-stone-800 bg-stone-950/95 backdrop-blur">
      <div className="flex h-16 page-column-7xl items-center justify-between">
        <Link to="/" className="rounded" aria-label="LifeBox, ir al inicio">
          <Logo />
        </Link>
        <div className="flex items-center gap-2">
          <nav aria-label="Principal" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {home && (
                <li>
                  <DesktopLink item={home} active={isActivePath(pathname, home.to)} />
                </li>
              )}
              <li>
                <ProductsDropdown links={productLinks} active={productsActive} />
              </li>
              {rest.map((item) => (
                <li key={item.to}>
                  <DesktopLink item={item} active={isActivePath(pathname, item.to)} />
                </li>
              ))}
            </ul>
          </nav>
          <CartLink active={isActivePath(pathname, cartPath)} />
          <div className="flex items-center gap-2 md:hidden">
            <WhatsAppButton company={company} placement="header" />
            {chatButton}
            <MobileMenu pathname={pathname} productLinks={productLinks} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** A top-level desktop link, orange while its section is shown. */
function DesktopLink({ item, active }: { item: NavLinkItem; active: boolean }) {
  return (
    <Link to={item.to} className={linkClass(active)} aria-current={active ? "page" : undefined}>
      {item.label}
    </Link>
  );
}

/**
 * Small screens: a disclosure (details/summary) that works without JavaScript and by keyboard;
 * with JavaScript it closes as soon as a link is chosen.
 */
function MobileMenu({ pathname, productLinks }: { pathname: string; productLinks: NavLinkItem[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closed when the page changes; not when React takes over the page, which may be after a visitor
  // opened the menu (it works before hydration).
  const shownLocation = useRef(location.key);
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    if (details.current) details.current.open = false;
  }, [location.key]);
  const close = () => {
    if (details.current) details.current.open = false;
  };
  const mobileLink = (item: NavLinkItem) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        end={item.to === "/"}
        onClick={close}
        className={({ isActive }) =>
          cn(
            "block rounded px-3 py-2 text-base hover:bg-stone-800",
            isActive ? "font-semibold text-brand" : "text-stone-100",
          )
        }
      >
        {item.label}
      </NavLink>
    </li>
  );
  return (
    <details ref={details} className="group md:hidden" data-testid="mobile-menu">
      <summary
        className="flex size-11 items-center justify-center rounded text-stone-100 hover:bg-stone-800"
        aria-label="Menú"
      >
        <Menu aria-hidden className="size-6 group-open:hidden" />
        <X aria-hidden className="hidden size-6 group-open:block" />
      </summary>
      <nav
        aria-label="Menú móvil"
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-800 bg-stone-950 px-4 pb-6"
      >
        <ul className="pt-2">{mainNavigation.map(mobileLink)}</ul>
        <p
          className={cn(
            "mt-4 px-3 text-xs font-semibold tracking-wide uppercase",
            isActivePath(pathname, "/productos") ? "text-brand" : "text-stone-300",
          )}
        >
          Productos
        </p>
        <ul>{productLinks.map(mobileLink)}</ul>
      </nav>
    </details>
  );
}
