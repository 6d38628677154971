import { FormDialog, formCodeSteps, type KitDialogProps } from "~/components/form-dialog";
import { loadQuoteSchema } from "~/components/form-schemas";
import { QuoteForm } from "~/components/quote-form";
import { quoteTexts } from "~/content/forms";

/** The quotation dialog ("Solicitar cotización" with the product name); loaded on first use. */
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

/** What kit-actions.tsx fetches after this module, before the dialog is opened. */
export const prefetchSteps = formCodeSteps(loadQuoteSchema);
