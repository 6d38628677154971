import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { useRootData } from "~/lib/root-data";

/**
 * The shared public layout (SPEC §2): fixed header, page, footer, floating WhatsApp button (in the
 * header on phones, docs/decisions/031).
 */
export default function SiteLayout() {
  const { company } = useRootData();
  return (
    <>
      <a
        href="#contenido"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" className="pt-16">
        <Outlet />
      </main>
      <SiteFooter company={company} />
      <WhatsAppButton company={company} placement="floating" />
    </>
  );
}
