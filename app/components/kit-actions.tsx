import { lazy, Suspense, useState } from "react";
import type { PurchaseKit } from "~/components/purchase-form";
import type { CompanyInfo } from "~/content/company";

/**
 * The "Comprar" and "Cotizar" buttons of catalogue cards and kit pages. Each is a link to the kit's
 * purchase or quotation page, which works without JavaScript; with it, the link opens the dialog
 * instead. The dialogs (and the form code) load on first use, warmed up when the pointer or the
 * keyboard reaches the button.
 */
const loadPurchaseDialog = () => import("~/components/purchase-dialog");
const loadQuoteDialog = () => import("~/components/quote-dialog");
const PurchaseDialog = lazy(loadPurchaseDialog);
const QuoteDialog = lazy(loadQuoteDialog);

type Company = Pick<CompanyInfo, "email" | "whatsappNumber">;

function useDialogLink(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const warm = () => void load();
  const linkProps = {
    onPointerEnter: warm,
    onFocus: warm,
    onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
      // Let modified clicks open the page in a new tab as links do.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    },
  };
  return { open, setOpen, used, linkProps };
}

export function BuyLink({
  kit,
  company,
  className,
  children,
  ...rest
}: {
  kit: PurchaseKit;
  company: Company;
  className?: string;
  children: React.ReactNode;
  "aria-label"?: string;
}) {
  const { open, setOpen, used, linkProps } = useDialogLink(loadPurchaseDialog);
  return (
    <>
      <a href={`/comprar/${kit.id}`} className={className} {...rest} {...linkProps}>
        {children}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <PurchaseDialog kit={kit} company={company} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

export function QuoteLink({
  kit,
  company,
  className,
  children,
  ...rest
}: {
  kit: Pick<PurchaseKit, "id" | "name">;
  company: Company;
  className?: string;
  children: React.ReactNode;
  "aria-label"?: string;
}) {
  const { open, setOpen, used, linkProps } = useDialogLink(loadQuoteDialog);
  return (
    <>
      <a href={`/cotizar/${kit.id}`} className={className} {...rest} {...linkProps}>
        {children}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <QuoteDialog kit={kit} company={company} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
