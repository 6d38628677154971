import { FlaskConical } from "lucide-react";
import { paymentNoticeTexts as texts } from "~/content/payment-notice";

/** "Ambiente de pruebas…" on every payment page while nothing real is charged (docs/decisions/059). */
export function PaymentNotice({ notice }: { notice: "test" | "stand-in" | null }) {
  if (!notice) return null;
  return (
    <p
      role="note"
      className="mx-auto mt-6 flex max-w-2xl items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm font-semibold text-amber-950"
    >
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        {texts.testNotice}
        {notice === "stand-in" ? <span className="block font-normal">{texts.standInNotice}</span> : null}
      </span>
    </p>
  );
}
