import { lazy, Suspense, useRef, useState } from "react";
import { loadFormEngine } from "~/components/deferred-form";
import type { KitDialogProps } from "~/components/form-dialog";
import { loadOrderSchema, loadQuoteSchema } from "~/components/form-schemas";
import type { PurchaseKit } from "~/components/purchase-form";
import type { CompanyInfo } from "~/content/company";
import { purchasePath, quotePath } from "~/lib/submission";

/**
 * The "Comprar" and "Cotizar" buttons of catalogue cards and kit pages. Each is a link to the kit's
 * purchase or quotation page, which works without JavaScript; with it, the link opens the dialog
 * instead. The dialogs (and the form code) load on first use, warmed up when the pointer or the
 * keyboard reaches the button.
 */
const loadPurchaseDialog = () => import("~/components/purchase-dialog");
const loadQuoteDialog = () => import("~/components/quote-dialog");
const warmPurchase = () => Promise.all([loadPurchaseDialog(), loadFormEngine(loadOrderSchema)]);
const warmQuote = () => Promise.all([loadQuoteDialog(), loadFormEngine(loadQuoteSchema)]);
const PurchaseDialog = lazy(loadPurchaseDialog);
const QuoteDialog = lazy(loadQuoteDialog);

interface LinkProps<Kit> {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  className?: string;
  children: React.ReactNode;
  "aria-label"?: string;
}

function DialogLink<Kit extends { id: string }>({
  href,
  load,
  Dialog,
  kit,
  company,
  children,
  ...rest
}: LinkProps<Kit> & {
  href: string;
  load: () => Promise<unknown>;
  Dialog: React.ComponentType<KitDialogProps<Kit>>;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const warm = () => void load();
  return (
    <>
      {/* The link's own ref comes last: one passed down by a <Button asChild> (Radix Slot) would
          otherwise replace it, and the closed dialog could not give the focus back. */}
      <a
        href={href}
        {...rest}
        ref={link}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={(event) => {
          // Modified clicks open the page in a new tab, as links do.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <Dialog kit={kit} company={company} open={open} onOpenChange={setOpen} returnFocusTo={link} />
        </Suspense>
      ) : null}
    </>
  );
}

export function BuyLink(props: LinkProps<PurchaseKit>) {
  return (
    <DialogLink href={purchasePath(props.kit.id)} load={warmPurchase} Dialog={PurchaseDialog} {...props} />
  );
}

export function QuoteLink(props: LinkProps<{ id: string; name: string }>) {
  return <DialogLink href={quotePath(props.kit.id)} load={warmQuote} Dialog={QuoteDialog} {...props} />;
}
