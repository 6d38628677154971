import * as DialogPrimitive from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

// Radix locks the page's scroll with a <style> element it adds at run time, which our CSP accepts
// only with the page's nonce.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}

/**
 * A modal dialog in the shadcn/ui manner on Radix Dialog: focus trapped and returned, Escape and the
 * close button dismiss it, the page behind is inert, the title and description are announced.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export type ContentProps = DialogPrimitive.DialogContentProps & {
  closeLabel?: string;
  /** Called when the close button (not Escape or a click outside) closes the dialog. */
  onCloseButton?: () => void;
  overlayClassName?: string;
};

/** The overlay, the panel and its close button: what `DialogContent` and `SheetContent` share. */
export function ModalContent({
  children,
  className,
  closeClassName,
  closeLabel = "Cerrar",
  onCloseButton,
  overlayClassName,
  ...props
}: ContentProps & { closeClassName: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn("fixed inset-0 z-50 bg-stone-950/60", overlayClassName)} />
      <DialogPrimitive.Content
        className={cn("fixed z-50 overflow-y-auto shadow-xl focus-visible:outline-3", className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className={cn("absolute top-3 right-3 rounded-md p-1.5 focus-visible:outline-3", closeClassName)}
          aria-label={closeLabel}
          onClick={onCloseButton}
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: ContentProps) {
  return (
    <ModalContent
      className={cn(
        "top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6",
        className,
      )}
      closeClassName="text-subtle-foreground hover:bg-muted hover:text-foreground"
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: DialogPrimitive.DialogTitleProps) {
  return (
    <DialogPrimitive.Title className={cn("pr-8 text-xl font-bold text-foreground", className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: DialogPrimitive.DialogDescriptionProps) {
  return (
    <DialogPrimitive.Description className={cn("mt-2 text-sm text-muted-foreground", className)} {...props} />
  );
}
