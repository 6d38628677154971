import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";

/** The submit button (with the spec's pending text) and the cancel action of a public form. */
export function FormActions({
  busy,
  submitLabel,
  submittingLabel,
  cancelLabel,
  onCancel,
  cancelHref,
}: {
  busy: boolean;
  submitLabel: string;
  submittingLabel: string;
  cancelLabel?: string;
  onCancel?: (() => void) | undefined;
  cancelHref?: string | undefined;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancelLabel && onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : cancelLabel && cancelHref ? (
        <Link to={cancelHref} className={buttonClass("outline")}>
          {cancelLabel}
        </Link>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}
