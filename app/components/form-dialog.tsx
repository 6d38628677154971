import { startTransition, useEffect, useRef, useState } from "react";
import { loadCaptchaWidget } from "~/components/captcha-field";
import { loadFormEngine } from "~/components/deferred-form";
import type { PublicFormOptions } from "~/components/public-form-types";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { CompanyInfo } from "~/content/company";

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the link that opened it). */
  returnFocusTo?: React.RefObject<HTMLElement | null> | undefined;
}

/** What the kit dialogs ("Comprar", "Cotizar") receive from their link (components/kit-actions.tsx). */
export interface KitDialogProps<Kit> extends DialogState {
  kit: Kit;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
}

/**
 * What a kit dialog's module has kit-actions.tsx fetch after it, one step per idle period: the
 * form's engine (Conform) and schema, then the captcha widget's code (docs/decisions/066).
 */
export function formCodeSteps(loadSchema: PublicFormOptions["loadSchema"]) {
  return [() => loadFormEngine(loadSchema), loadCaptchaWidget];
}

/**
 * A form in a modal dialog, with its title and description. The frame that follows the tap shows
 * the dialog with its title and description; the form comes in the next one (docs/decisions/066):
 * rendered, styled and laid out in the same frame, its fields more than doubled the time to it.
 */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: DialogState & { title: string; description: string; children: React.ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl"
        // The focus waits on the dialog itself until its form is here, then goes to the first field.
        // (Radix calls this once its layers have locked the page: the style is worked out once.)
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus({ preventScroll: true });
        }}
        onCloseAutoFocus={(event) => {
          // The dialog is opened by a link, not a Radix trigger: give focus back to it.
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <FormAfterFirstPaint>{children}</FormAfterFirstPaint>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's form, from the frame after the dialog's first on; until then, an empty space that
 * gives the panel its height on a phone, so that it does not grow when the form arrives. Then the
 * focus goes to the form's first field, as Radix would have put it, unless the visitor moved it.
 */
function FormAfterFirstPaint({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // A requestAnimationFrame callback runs right before the frame's rendering, a task it posts
    // right after. A transition: a tap on "Cerrar" or a key while the form renders is answered.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!shown || !container.current) return;
    const dialog = container.current.closest('[role="dialog"]');
    if (document.activeElement !== dialog) return;
    firstField(container.current)?.focus();
  }, [shown]);

  return (
    <div ref={container} className="mt-5">
      {shown ? children : <div className="h-dvh" />}
    </div>
  );
}

/** The first control that takes the focus with Tab, as Radix's focus scope finds it (links aside). */
function firstField(container: HTMLElement): HTMLElement | undefined {
  const controls = container.querySelectorAll<HTMLElement>("input, select, textarea, button");
  return Array.from(controls).find(
    (control) =>
      control.tabIndex >= 0 &&
      !(control as HTMLInputElement).disabled &&
      (control as HTMLInputElement).type !== "hidden" &&
      control.checkVisibility({ visibilityProperty: true }),
  );
}
