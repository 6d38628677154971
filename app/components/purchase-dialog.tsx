import { FormDialog, formCodeSteps, type KitDialogProps } from "~/components/form-dialog";
import { loadOrderSchema } from "~/components/form-schemas";
import { PurchaseForm, type PurchaseKit } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import { useRootData } from "~/lib/root-data";

/** The purchase-data dialog ("Producto {nombre}"); loaded when a "Comprar" button is first used. */
export default function PurchaseDialog({ kit, company, ...dialog }: KitDialogProps<PurchaseKit>) {
  const { payment } = useRootData();
  const description = payment.opensTab ? purchaseTexts.descriptionNewTab : purchaseTexts.description;
  return (
    <FormDialog title={purchaseTexts.title(kit.name)} description={description} {...dialog}>
      <PurchaseForm kit={kit} company={company} onCancel={() => dialog.onOpenChange(false)} />
    </FormDialog>
  );
}

/** What kit-actions.tsx fetches after this module, before the dialog is opened. */
export const prefetchSteps = formCodeSteps(loadOrderSchema);
