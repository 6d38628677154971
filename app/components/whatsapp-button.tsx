import { whatsappLink, type CompanyInfo } from "~/content/company";
import { cn } from "~/lib/cn";

/**
 * The WhatsApp link (docs/product.md#spec-2): a floating button at the bottom right on larger screens, and a
 * button in the header on phones, where a floating one covered the pages' own buttons
 * (docs/decisions/031). Each placement shows only at its own widths.
 */
export function WhatsAppButton({
  company,
  placement,
}: {
  company: CompanyInfo;
  placement: "floating" | "header";
}) {
  const floating = placement === "floating";
  return (
    <a
      href={whatsappLink(company)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp (se abre en una pestaña nueva)"
      data-floating-button={floating ? "" : undefined}
      className={cn(
        "items-center justify-center rounded-full bg-[#128c4b] text-white",
        floating
          ? "fixed right-4 bottom-4 z-30 hidden size-14 shadow-lg transition-transform hover:scale-105 md:flex"
          : "flex size-11 md:hidden",
      )}
    >
      <svg aria-hidden viewBox="0 0 24 24" className={floating ? "size-7" : "size-6"} fill="currentColor">
        <path d="M12.04 2a9.9 9.9 0 0 0-8.5 14.98L2 22l5.16-1.5A9.9 9.9 0 1 0 12.04 2Zm0 18.1a8.2 8.2 0 0 1-4.18-1.15l-.3-.18-3.06.89.9-2.98-.2-.31a8.2 8.2 0 1 1 6.84 3.73Zm4.5-6.14c-.25-.12-1.46-.72-1.69-.8-.23-.08-.39-.12-.55.12-.17.25-.64.8-.78.96-.14.17-.29.19-.53.06a6.7 6.7 0 0 1-3.34-2.92c-.25-.43.25-.4.72-1.34.08-.16.04-.3-.02-.43-.06-.12-.55-1.33-.76-1.82-.2-.48-.4-.41-.55-.42h-.47a.9.9 0 0 0-.65.3 2.73 2.73 0 0 0-.85 2.03 4.75 4.75 0 0 0 1 2.52 10.86 10.86 0 0 0 4.16 3.68c1.55.67 2.16.73 2.93.61.47-.07 1.46-.6 1.66-1.17.2-.58.2-1.07.14-1.17-.06-.1-.22-.17-.47-.29Z" />
      </svg>
    </a>
  );
}
