import { QuoteForm } from "~/components/quote-form";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";
import { quoteTexts } from "~/content/forms";

/** The quotation dialog ("Solicitar Cotización" with the product name); loaded on first use. */
export default function QuoteDialog({
  kit,
  company,
  open,
  onOpenChange,
}: {
  kit: { id: string; name: string };
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>{quoteTexts.title}</DialogTitle>
        <DialogDescription>{quoteTexts.description(kit.name)}</DialogDescription>
        <div className="mt-5">
          <QuoteForm kit={kit} company={company} onCancel={() => onOpenChange(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
