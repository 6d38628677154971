import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the link that opened it). */
  returnFocusTo?: React.RefObject<HTMLElement | null> | undefined;
}

/** What the kit dialogs ("Comprar", "Cotizar") receive from their link (components/kit-actions.tsx). */
export interface KitDialogProps<Kit> extends DialogState {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
}

/** A form in a modal dialog, with its title and description. */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: DialogState & { title: string; description: string; children: React.ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl"
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
