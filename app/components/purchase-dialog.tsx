import { PurchaseForm, type PurchaseKit } from "~/components/purchase-form";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";
import { purchaseTexts } from "~/content/forms";

/** The purchase-data dialog ("Producto {nombre}"); loaded when a "Comprar" button is first used. */
export default function PurchaseDialog({
  kit,
  company,
  open,
  onOpenChange,
}: {
  kit: PurchaseKit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{purchaseTexts.title(kit.name)}</DialogTitle>
        <DialogDescription>{purchaseTexts.description}</DialogDescription>
        <div className="mt-5">
          <PurchaseForm kit={kit} company={company} onCancel={() => onOpenChange(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
