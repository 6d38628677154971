import { FormDialog, type KitDialogProps } from "~/components/form-dialog";
import { QuoteForm } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";

/** The quotation dialog ("Solicitar Cotización" with the product name); loaded on first use. */
export default function QuoteDialog({
  kit,
  company,
  ...dialog
}: KitDialogProps<{ id: string; name: string }>) {
  return (
    <FormDialog title={quoteTexts.title} description={quoteTexts.description(kit.name)} {...dialog}>
      <QuoteForm kit={kit} company={company} onCancel={() => dialog.onOpenChange(false)} />
    </FormDialog>
  );
}
