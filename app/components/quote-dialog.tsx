import { FormDialog, type KitDialogProps } from "~/components/form-dialog";
import { QuoteForm } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";

/** The quotation dialog ("Solicitar Cotización" with the product name); loaded on first use. */
export default function QuoteDialog({
  kit,
  company,
  open,
  onOpenChange,
  returnFocusTo,
}: KitDialogProps<{ id: string; name: string }>) {
  return (
    <FormDialog
      title={quoteTexts.title}
      description={quoteTexts.description(kit.name)}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
    >
      <QuoteForm kit={kit} company={company} onCancel={() => onOpenChange(false)} />
    </FormDialog>
  );
}
