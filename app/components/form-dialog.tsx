import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";

/** What the kit dialogs ("Comprar", "Cotizar") receive from their link (components/kit-actions.tsx). */
export interface KitDialogProps<Kit> {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the link that opened it). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}

/** A form in a modal dialog, with its title and description. */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: React.RefObject<HTMLElement | null> | undefined;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          // The dialog is opened by a link, not a Radix trigger: give focus back to it.
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-5">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
