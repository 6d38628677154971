import { useEffect, useRef, useState } from "react";
import type { KitDialogProps } from "~/components/form-dialog";
import type { PurchaseKit } from "~/components/purchase-form";
import type { CompanyInfo } from "~/content/company";
import { lazyCode, prefetchWhenIdle, type LazyCode } from "~/lib/idle-prefetch";
import { purchasePath, quotePath } from "~/lib/submission";

/**
 * The "Comprar" and "Cotizar" buttons of catalogue cards and kit pages. Each is a link to the kit's
 * purchase or quotation page, which works without JavaScript; with it, the link opens the dialog
 * instead. The dialog's code (the dialog and its form, Conform and the schema, the captcha widget)
 * stays out of the page's first load: it is fetched and run once the page has loaded and settled,
 * or when the pointer or the keyboard reaches a button, so that a tap opens the dialog in the next
 * frame (docs/decisions/066).
 */

type DialogComponent<Kit> = React.ComponentType<KitDialogProps<Kit>>;

/** A dialog's module: the dialog, and what else its form needs, each loaded by a step of its own. */
type DialogCode<Kit> = LazyCode<DialogComponent<Kit>>;

const purchaseCode = lazyCode(() => import("~/components/purchase-dialog"));
const quoteCode = lazyCode(() => import("~/components/quote-dialog"));

interface LinkProps<Kit> {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  className?: string;
  children: React.ReactNode;
  "aria-label"?: string;
}

function DialogLink<Kit extends { id: string }>({
  href,
  code,
  kit,
  company,
  children,
  ...rest
}: LinkProps<Kit> & { href: string; code: DialogCode<Kit> }) {
  const [open, setOpen] = useState(false);
  // The dialog, from its first use on (closed or open).
  const [Dialog, setDialog] = useState<DialogComponent<Kit>>();
  const link = useRef<HTMLAnchorElement>(null);
  // The pointer or the keyboard on a button: everything at once.
  const warm = () =>
    void code.load().then(
      (module) => Promise.all((module.prefetchSteps ?? []).map((step) => step())),
      () => {},
    );
  useEffect(() => prefetchWhenIdle(code), [code]);

  const show = (component: DialogComponent<Kit>) => {
    setDialog(() => component);
    setOpen(true);
  };

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
          // Rendered in this event, without a Suspense boundary: React shows a boundary's content
          // 300 ms after its fallback at the earliest, which a tap would wait for.
          if (code.ready) return show(code.ready);
          // A tap before the prefetch: the dialog opens when its module is here (the rest follows),
          // or the link goes to the form's page when the code cannot be loaded.
          warm();
          code.load().then(
            (module) => show(module.default),
            () => window.location.assign(href),
          );
        }}
      >
        {children}
      </a>
      {Dialog ? (
        <Dialog kit={kit} company={company} open={open} onOpenChange={setOpen} returnFocusTo={link} />
      ) : null}
    </>
  );
}

export function BuyLink(props: LinkProps<PurchaseKit>) {
  return <DialogLink href={purchasePath(props.kit.id)} code={purchaseCode} {...props} />;
}

export function QuoteLink(props: LinkProps<{ id: string; name: string }>) {
  return <DialogLink href={quotePath(props.kit.id)} code={quoteCode} {...props} />;
}
