import { Outlet } from "react-router";
import { ChatButton, ChatLauncher } from "~/components/chatbot-launcher";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { useRootData } from "~/lib/root-data";

/**
 * The shared public layout (docs/product.md#spec-2): fixed header, page, footer, floating WhatsApp button (in
 * the header on phones, docs/decisions/031) and the chat button above it (beside it in the header on
 * phones), whose panel loads on first use (docs/decisions/038).
 */
export default function SiteLayout() {
  const { company } = useRootData();
  return (
    <ChatLauncher>
      <a
        href="#contenido"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <SiteHeader chatButton={<ChatButton placement="header" />} />
      <main id="contenido" className="pt-16">
        <Outlet />
      </main>
      <SiteFooter company={company} />
      <WhatsAppButton company={company} placement="floating" />
      <ChatButton placement="floating" />
    </ChatLauncher>
  );
}
