import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { GalleryReasonKind } from "~/components/admin/gallery-cells";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Textarea } from "~/components/ui/input";
import { adminGalleryTexts as texts } from "~/content/admin";
import { rejectionReasonMaxLength } from "~/schemas/gallery-moderation";

/**
 * "Rechazar foto" (docs/product.md#spec-2) and "Retirar foto": the reason, 4 lines, optional
 * (docs/product.md#spec-5), stored internally apart from the customer's comment (D16). The dialog opens from
 * the list's row with JavaScript; the photo's page holds the same form (`GalleryReasonForm`) without it.
 */

const dialogTexts = { reject: texts.rejectDialog, withdraw: texts.withdrawDialog } as const;

/** The reason's field: label, 4-row textarea with the placeholder; `describedBy` names its explanation. */
function ReasonField({ kind, describedBy }: { kind: GalleryReasonKind; describedBy?: string }) {
  const id = useId();
  const t = dialogTexts[kind];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-foreground">
        {t.label}
      </label>
      <Textarea
        id={id}
        name="reason"
        rows={4}
        maxLength={rejectionReasonMaxLength}
        placeholder={t.placeholder}
        aria-describedby={describedBy}
        className="mt-1"
      />
    </div>
  );
}

function SubmitReason({ kind, busy }: { kind: GalleryReasonKind; busy: boolean }) {
  return (
    <Button type="submit" variant={kind === "reject" ? "secondary" : "primary"} disabled={busy}>
      <X aria-hidden="true" className="size-4" />
      {busy ? texts.saving : dialogTexts[kind].submit}
    </Button>
  );
}

/** Whether this page is posting `intent` about photo `id`. */
function usePostingAbout(intent: GalleryReasonKind, id: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === id
  );
}

/**
 * The dialog, over the list. It stays open while its form is being saved ("Guardando..."), then
 * closes (`onOpenChange(false)`): the list shows the outcome, the toast says it. `onCloseAutoFocus`
 * decides where the keyboard focus goes back to (the link that opened it, if it is still there).
 */
export function GalleryReasonDialog({
  kind,
  photo,
  action,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  kind: GalleryReasonKind;
  photo: { id: string; author: string; kit: string; shortId: string };
  /** The list view's address: the action saves there and comes back to it. */
  action: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const t = dialogTexts[kind];
  const busy = usePostingAbout(kind, photo.id);
  // Closed once the saving it started is over, whatever its outcome.
  const sent = useRef(false);
  useEffect(() => {
    if (busy) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      onOpenChange(false);
    }
  }, [busy, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{t.title}</DialogTitle>
        <DialogDescription>{t.description}</DialogDescription>
        <p className="mt-2 text-sm text-foreground">
          {texts.dialogPhoto(photo.author, photo.kit, photo.shortId)}
        </p>
        <Form method="post" action={action} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={kind} />
          <input type="hidden" name="id" value={photo.id} />
          <ReasonField kind={kind} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {texts.cancel}
            </Button>
            <SubmitReason kind={kind} busy={busy} />
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same form on the photo's page (no dialog, no JavaScript needed): the explanation under the
 * field, Cancelar back to the list.
 */
export function GalleryReasonForm({
  kind,
  photoId,
  action,
  cancelHref,
}: {
  kind: GalleryReasonKind;
  photoId: string;
  action: string;
  cancelHref: string;
}) {
  const id = useId();
  const t = dialogTexts[kind];
  const busy = usePostingAbout(kind, photoId);
  return (
    <Form method="post" action={action} aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold text-foreground">
        {t.title}
      </h3>
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="id" value={photoId} />
      <ReasonField kind={kind} describedBy={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t.description}
      </p>
      <div className="flex flex-wrap gap-2">
        <SubmitReason kind={kind} busy={busy} />
        <Button asChild variant="outline">
          <Link to={cancelHref}>{texts.cancel}</Link>
        </Button>
      </div>
    </Form>
  );
}
