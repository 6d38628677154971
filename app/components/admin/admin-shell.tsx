import {
  Bot,
  FileText,
  Images,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Newspaper,
  PanelLeftClose,
  PanelLeftOpen,
  ShieldCheck,
  ShoppingCart,
  UserCog,
  type LucideIcon,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { adminNavTexts, adminShellTexts as texts } from "~/content/admin";
import { adminPaths, sidebarCookieHeader } from "~/lib/admin";
import { cn } from "~/lib/cn";

/**
 * The back office's frame (docs/product.md#spec-2 "Admin layout", §9): a sidebar that Ctrl/⌘+B collapses to
 * icons (a 7-day cookie remembers it, read by the server so the first paint is right), and a header with
 * the staff member's name, the role and "Cerrar sesión". Under 768 px the sidebar is an off-canvas menu.
 */
const navItems: { to: string; label: string; icon: LucideIcon; loading?: string }[] = [
  { to: adminPaths.dashboard, icon: LayoutDashboard, ...adminNavTexts.dashboard },
  { to: adminPaths.orders, icon: ShoppingCart, ...adminNavTexts.orders },
  { to: adminPaths.quotes, icon: FileText, ...adminNavTexts.quotes },
  { to: adminPaths.contacts, icon: Mail, ...adminNavTexts.contacts },
  { to: adminPaths.subscribers, icon: Newspaper, ...adminNavTexts.subscribers },
  { to: adminPaths.chatbot, icon: Bot, ...adminNavTexts.chatbot },
  { to: adminPaths.gallery, icon: Images, ...adminNavTexts.gallery },
  { to: adminPaths.users, icon: UserCog, ...adminNavTexts.users },
  { to: adminPaths.privacy, icon: ShieldCheck, ...adminNavTexts.privacy },
];

/** What the page being loaded says while it loads (docs/product.md#spec-8 "Loading texts"). */
function loadingTextFor(pathname: string): string {
  return navItems.find((item) => pathname.startsWith(item.to))?.loading ?? texts.loading;
}

interface AdminShellProps {
  user: { name: string; email: string };
  sidebarCollapsed: boolean;
  /** Whether cookies must be Secure (the site is https). */
  secureCookies: boolean;
  children: React.ReactNode;
}

export function AdminShell({ user, sidebarCollapsed, secureCookies, children }: AdminShellProps) {
  const [collapsed, setCollapsed] = useState(sidebarCollapsed);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();

  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      // The same cookie POST /admin/sidebar sets (lib/admin.ts).
      void sidebarCookieHeader(next, secureCookies).then((cookie) => {
        document.cookie = cookie;
      });
      return next;
    });
  }, [secureCookies]);

  // Ctrl+B (⌘+B on a Mac) anywhere in the panel.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const loading =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? loadingTextFor(navigation.location.pathname)
      : undefined;
  const toggleLabel = collapsed ? texts.expandSidebar : texts.collapseSidebar;
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <div className="min-h-dvh bg-muted">
      <a
        href="#contenido-admin"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {texts.skipToContent}
      </a>
      <aside
        data-collapsed={collapsed ? "" : undefined}
        className={cn(
          "fixed inset-y-0 left-0 z-30 hidden flex-col bg-stone-900 text-white transition-[width] md:flex",
          collapsed ? "w-12" : "w-64",
        )}
      >
        <div
          className={cn(
            "flex h-14 items-center border-b border-stone-700",
            collapsed ? "justify-center" : "px-4",
          )}
        >
          <Link
            to={adminPaths.dashboard}
            className="flex items-center gap-2 rounded font-bold focus-visible:outline-white"
            title={collapsed ? `${texts.brand} — ${texts.brandSuffix}` : undefined}
          >
            <span aria-hidden="true" className="grid size-7 place-items-center rounded bg-brand text-sm">
              L
            </span>
            <span className={collapsed ? "sr-only" : ""}>
              <span className="font-normal text-stone-300">{texts.brandPrefix}</span> {texts.brand}
            </span>
          </Link>
        </div>
        <SidebarNav collapsed={collapsed} />
        <form method="post" action={adminPaths.sidebar} className="border-t border-stone-700 p-2">
          <input type="hidden" name="collapsed" value={collapsed ? "false" : "true"} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault();
              toggle();
            }}
            aria-expanded={!collapsed}
            aria-keyshortcuts="Control+B Meta+B"
            title={`${toggleLabel} (${texts.shortcutHint})`}
            className={cn(
              "flex w-full items-center gap-3 rounded-md px-2 py-2 text-sm text-stone-200 hover:bg-stone-800 hover:text-white focus-visible:outline-white",
              collapsed && "justify-center",
            )}
          >
            <ToggleIcon aria-hidden="true" className="size-5 shrink-0" />
            <span className={collapsed ? "sr-only" : ""}>{toggleLabel}</span>
          </button>
        </form>
      </aside>

      <div
        className={cn("flex min-h-dvh flex-col transition-[padding]", collapsed ? "md:pl-12" : "md:pl-64")}
      >
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-border bg-white px-4">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger
              className="rounded-md p-2 text-foreground hover:bg-muted md:hidden"
              aria-label={texts.openMenu}
            >
              <Menu aria-hidden="true" className="size-5" />
            </SheetTrigger>
            <SheetContent closeLabel={texts.closeMenu}>
              <div className="border-b border-stone-700 px-4 py-4">
                <SheetTitle>{texts.mobileMenuTitle}</SheetTitle>
                <SheetDescription>{texts.mobileMenuDescription}</SheetDescription>
              </div>
              {/* A link chosen in the mobile menu closes it. */}
              <SidebarNav collapsed={false} onNavigate={() => setMenuOpen(false)} />
            </SheetContent>
          </Sheet>
          <span className="font-semibold text-foreground md:hidden">{texts.brand}</span>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
            <p className="max-w-28 min-w-0 text-right leading-tight sm:max-w-64">
              <span className="sr-only">{texts.signedInAs} </span>
              <span className="block truncate text-sm font-semibold text-foreground">{user.name}</span>
              <span className="block text-xs text-subtle-foreground">{texts.roleLabel}</span>
            </p>
            <Link
              to={adminPaths.account}
              className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
              title={texts.account}
            >
              <KeyRound aria-hidden="true" className="size-5" />
              <span className="sr-only">{texts.account}</span>
            </Link>
            <Form method="post" action={adminPaths.logout} reloadDocument>
              {/* On a phone the button is its icon (its name stays for screen readers and on hover). */}
              <Button type="submit" variant="outline" className="px-3 py-1.5" title={texts.logout}>
                <LogOut aria-hidden="true" className="size-4" />
                <span className="sr-only sm:not-sr-only">{texts.logout}</span>
              </Button>
            </Form>
          </div>
        </header>
        <noscript>
          <nav aria-label={texts.navLabel} className="border-b border-border bg-white px-4 py-2 md:hidden">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {navItems.map((item) => (
                <li key={item.to}>
                  <a className="underline" href={item.to}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </noscript>
        <main id="contenido-admin" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-8">
          <p
            role="status"
            aria-live="polite"
            className={loading ? "mb-4 text-sm text-muted-foreground" : "sr-only"}
          >
            {loading ?? ""}
          </p>
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label={texts.navLabel} className="flex-1 overflow-y-auto p-2">
      <ul className="space-y-1">
        {navItems.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              title={collapsed ? label : undefined}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium focus-visible:outline-white",
                  collapsed && "justify-center",
                  isActive ? "bg-primary text-white" : "text-stone-200 hover:bg-stone-800 hover:text-white",
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={collapsed ? "sr-only" : ""}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
