import { useCallback, useEffect, useRef, useState } from "react";
import { data, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/gallery";
import { PageMessage, useActionFeedback } from "~/components/admin/admin-form";
import { AdminList, type AdminListCells } from "~/components/admin/admin-list";
import { ListLoadFailure } from "~/components/admin/admin-page";
import {
  GalleryActions,
  GalleryCustomer,
  GalleryStatusBadge,
  GallerySummaryCards,
  GalleryThumbnail,
  type GalleryReasonKind,
} from "~/components/admin/gallery-cells";
import { GalleryReasonDialog } from "~/components/admin/gallery-reason-dialog";
import { adminGalleryTexts as texts, adminPageTitle } from "~/content/admin";
import type { GalleryRowData } from "~/lib/admin-list-view";
import { adminMeta } from "~/lib/admin";
import {
  approvePhoto,
  GalleryPhotoConflictError,
  GalleryPhotoNotFoundError,
  gallerySummary,
  rejectPhoto,
  withdrawPhoto,
} from "~/models/gallery.server";
import { galleryListHref, galleryScreen, galleryTabCounts } from "~/models/admin-lists/gallery.server";
import { buildListView } from "~/models/admin-lists/view.server";
import { adminRecordMessages } from "~/schemas/admin-records";
import { galleryModerationSchema } from "~/schemas/gallery-moderation";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { requireFormData } from "~/infra/request-body.server";
import { redirectWithToast } from "~/infra/toast.server";
import { pageFlash } from "./page-flash.server";

/**
 * /admin/gallery, "Galería de clientes" (docs/product.md#spec-2, #spec-4, #spec-8; docs/product.md#d16,
 * #d18): the one admin list (search, tabs, sort, pages, CSV) with the gallery's own cells, its four summary
 * cards, and its moderation — Aprobar, Rechazar (with the reason, in a dialog) and Retirar — saved by this
 * route's action on the server. A change redirects back to the same view with its toast (post/redirect/get);
 * a refusal renders the list with the reason: a photo someone else moved meanwhile is a 409 that
 * says what it is now, never a silent overwrite. Without JavaScript the forms post the same way,
 * and Rechazar/Retirar lead to the photo's page (./gallery-photo.tsx). Decision 042.
 */

const numbers = new Intl.NumberFormat("es-CL");

const done = { approve: texts.approved, reject: texts.rejected, withdraw: texts.withdrawn } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const [view, summary] = await Promise.all([
    buildListView(db, galleryScreen, new URL(request.url)),
    gallerySummary(db),
  ]);
  // The tabs' counts are the cards' figures: one query for both, so they always agree.
  const counts = galleryTabCounts(summary);
  for (const filter of view.filters) {
    if (!filter.tabs) continue;
    for (const option of filter.options) option.count = counts[option.value] ?? 0;
  }
  return data(
    {
      view,
      summary: {
        total: numbers.format(summary.total),
        pending: numbers.format(summary.pending),
        approved: numbers.format(summary.approved),
        likes: numbers.format(summary.likes),
      },
      flash: await pageFlash(
        request,
        Object.values(done).map((toast) => toast.title),
      ),
    },
    { headers: admin.headers },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await requireFormData(request);
  // Back to the list view the form was on (its address is the form's action), canonical.
  const back = galleryListHref(new URL(request.url).searchParams);
  const refuse = (message: string, status: number) =>
    data({ tone: "error" as const, title: texts.failureTitle, message }, { status, headers: admin.headers });

  const parsed = galleryModerationSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const reason = parsed.error.issues.find((issue) => issue.path[0] === "reason");
    return refuse(reason?.message ?? adminRecordMessages.invalid, 400);
  }
  const { intent, id, reason } = parsed.data;
  const db = getDb();
  const verb = texts.verbs[intent];
  try {
    if (intent === "approve") await approvePhoto(db, id, admin.user.id);
    else if (intent === "reject") await rejectPhoto(db, id, reason, admin.user.id);
    else await withdrawPhoto(db, id, reason, admin.user.id);
  } catch (error) {
    if (error instanceof GalleryPhotoNotFoundError) return refuse(texts.gone(verb), 404);
    if (error instanceof GalleryPhotoConflictError) {
      return refuse(texts.conflict(verb, texts.statuses[error.current]), 409);
    }
    // docs/product.md#spec-8's failure notice, for what really failed (the database…); nothing was changed.
    logger.error({ err: error, adminId: admin.user.id, photoId: id, intent }, "Gallery moderation failed");
    return refuse(texts.failures[intent], 500);
  }
  logger.info({ adminId: admin.user.id, photoId: id, intent }, "Gallery photo moderated");
  return redirectWithToast(back, { kind: "success", ...done[intent] }, admin.headers);
}

/** A refused change (409: someone else moved the photo) shows the list as it is now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => adminMeta(adminPageTitle(texts.title), texts.metaDescription);

/**
 * After a form posted from this page is done, the keyboard focus goes to the page's message (what
 * happened) when the button that had it is gone (an approved photo has no Aprobar any more).
 */
function useFocusAfterPost(target: React.RefObject<HTMLElement | null>) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const posted = useRef(false);
  useEffect(() => {
    if (posting) {
      posted.current = true;
      return;
    }
    if (!posted.current) return;
    posted.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [posting, target]);
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { view, summary, flash } = loaderData;
  const shown = useActionFeedback(actionData, flash, { failureTitle: texts.failureTitle });
  const message = useRef<HTMLDivElement>(null);
  useFocusAfterPost(message);

  // The reason dialog: which photo (kept while it closes, even if the photo leaves the list), and
  // the link that opened it (the focus goes back there).
  type Photo = { id: string; author: string; kit: string; shortId: string };
  const [dialog, setDialog] = useState<{ kind: GalleryReasonKind; photo: Photo } | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = useCallback(
    (kind: GalleryReasonKind, id: string, element: HTMLElement) => {
      const data = view.rows.find((row) => row.id === id)?.data;
      if (!data) return;
      opener.current = element;
      setDialog({ kind, photo: { id, author: data.author, kit: data.kit, shortId: data.shortId } });
      setOpen(true);
    },
    [view.rows],
  );
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault();
    // The link, unless the photo's change took it away; then what happened.
    const link = opener.current?.isConnected ? opener.current : null;
    (link ?? message.current)?.focus();
  }, []);

  const cells: AdminListCells<GalleryRowData> = {
    image: (row) => (row.data ? <GalleryThumbnail data={row.data} /> : null),
    customer: (row) => (row.data ? <GalleryCustomer data={row.data} /> : null),
    status: (row) =>
      row.data ? <GalleryStatusBadge status={row.data.status} label={row.data.statusLabel} /> : null,
    actions: (row) =>
      row.data ? (
        <GalleryActions
          id={row.id}
          data={row.data}
          action={view.href}
          reasonHref={`${view.path}/${row.id}?volver=${encodeURIComponent(view.href)}#moderacion`}
          onOpen={openDialog}
        />
      ) : null,
  };

  return (
    <>
      <AdminList view={view} title={texts.title} list={texts} cells={cells}>
        <div ref={message} tabIndex={-1} className="outline-none">
          <PageMessage shown={shown} className="mt-4" />
        </div>
        <GallerySummaryCards summary={summary} />
      </AdminList>
      {dialog ? (
        <GalleryReasonDialog
          kind={dialog.kind}
          photo={dialog.photo}
          action={view.href}
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={returnFocus}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <ListLoadFailure title={texts.title} message={texts.loadFailure} />;
}
