import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";
// The dialog module also hands Radix the page's CSP nonce for its scroll-lock style.
import { Dialog, DialogClose, DialogTrigger } from "~/components/ui/dialog";

/**
 * An off-canvas panel sliding in from the left, in the shadcn/ui "Sheet" manner on Radix Dialog:
 * focus is trapped and returned, Escape, the overlay and the close button dismiss it.
 */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;
export const SheetClose = DialogClose;

export function SheetContent({
  children,
  className,
  closeLabel = "Cerrar",
  ...props
}: DialogPrimitive.DialogContentProps & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[calc(100vw-3rem)] flex-col overflow-y-auto bg-stone-900 text-white shadow-xl focus-visible:outline-3",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-md p-1.5 text-stone-300 hover:bg-stone-800 hover:text-white focus-visible:outline-3 focus-visible:outline-white"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: DialogPrimitive.DialogTitleProps) {
  return <DialogPrimitive.Title className={cn("pr-10 text-lg font-bold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: DialogPrimitive.DialogDescriptionProps) {
  return <DialogPrimitive.Description className={cn("text-sm text-stone-300", className)} {...props} />;
}
