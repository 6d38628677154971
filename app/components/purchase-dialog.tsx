import { FormDialog, type KitDialogProps } from "~/components/form-dialog";
import { PurchaseForm, type PurchaseKit } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";

/** The purchase-data dialog ("Producto {nombre}"); loaded when a "Comprar" button is first used. */
export default function PurchaseDialog({
  kit,
  company,
  open,
  onOpenChange,
  returnFocusTo,
}: KitDialogProps<PurchaseKit>) {
  return (
    <FormDialog
      title={purchaseTexts.title(kit.name)}
      description={purchaseTexts.description}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
    >
      <PurchaseForm kit={kit} company={company} onCancel={() => onOpenChange(false)} />
    </FormDialog>
  );
}
