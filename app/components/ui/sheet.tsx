import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "~/lib/cn";
// The dialog module also hands Radix the page's CSP nonce for its scroll-lock style.
import { Dialog, DialogTrigger, ModalContent, type ContentProps } from "~/components/ui/dialog";

/** An off-canvas panel from the left (shadcn/ui's "Sheet"): a dialog, in another place and colour. */
export const Sheet = Dialog;
export const SheetTrigger = DialogTrigger;

export function SheetContent({ className, ...props }: ContentProps) {
  return (
    <ModalContent
      className={cn(
        "inset-y-0 left-0 flex w-72 max-w-[calc(100vw-3rem)] flex-col bg-stone-900 text-white",
        className,
      )}
      closeClassName="text-stone-300 hover:bg-stone-800 hover:text-white focus-visible:outline-white"
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: DialogPrimitive.DialogTitleProps) {
  return <DialogPrimitive.Title className={cn("pr-10 text-lg font-bold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: DialogPrimitive.DialogDescriptionProps) {
  return <DialogPrimitive.Description className={cn("text-sm text-stone-300", className)} {...props} />;
}
