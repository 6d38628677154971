import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";

/** What the kit dialogs ("Comprar", "Cotizar") receive from their link (components/kit-actions.tsx). */
export interface KitDialogProps<Kit> {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A form in a modal dialog, with its title and description. */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-5">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
