import { Check } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/gallery-photo";
import { Panel } from "~/components/admin/admin-page";
import { BackToList, RecordError, RecordFields } from "~/components/admin/admin-record";
import { GalleryStatusBadge } from "~/components/admin/gallery-cells";
import { GalleryReasonForm } from "~/components/admin/gallery-reason-dialog";
import { Button } from "~/components/ui/button";
import { adminGalleryTexts as texts, adminPageTitle } from "~/content/admin";
import { adminMeta, adminPaths, formatAdminDateTime } from "~/lib/admin";
import { galleryReturnHref, shortPhotoId } from "~/models/admin-lists/gallery.server";
import { getPhotoForAdmin } from "~/models/gallery.server";
import { requireAdmin } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";

/**
 * /admin/gallery/:id: one photo of the customer gallery in full (the image, the whole comment, the
 * rejection reason, who moderated it) with its moderation forms. A rejected photo's image was
 * deleted with its rejection (docs/decisions/052): the page says so in its place. It is where Rechazar and Retirar
 * lead without JavaScript (with it they open a dialog over the list): the forms post to the list's
 * action (./gallery.tsx) at the list view given by `volver`, which the change comes back to.
 */

const f = texts.fields;

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const photo = await getPhotoForAdmin(getDb(), params.id);
  if (!photo) throw data({ message: texts.notFound }, { status: 404, headers: admin.headers });
  const storage = getStorage();
  const back = galleryReturnHref(new URL(request.url).searchParams.get("volver"));
  return data(
    {
      id: photo.id,
      shortId: shortPhotoId(photo.id),
      status: photo.status,
      statusLabel: texts.statuses[photo.status],
      back,
      image:
        photo.status === "rejected"
          ? null
          : {
              url: storage.publicUrl(photo.displayKey),
              width: photo.displayWidth,
              height: photo.displayHeight,
              alt: texts.imageAlt(photo.authorName, photo.kitName),
            },
      fields: [
        { label: f.customer, value: photo.authorName },
        {
          label: f.orderNumber,
          value: photo.orderNumber,
          href: `${adminPaths.orders}/${photo.orderId}`,
        },
        { label: f.kit, value: photo.kitName },
        { label: f.comment, value: photo.comment || texts.noComment, long: true },
        { label: f.date, value: formatAdminDateTime(photo.createdAt) },
        { label: f.likes, value: new Intl.NumberFormat("es-CL").format(photo.likeCount) },
        { label: f.status, value: texts.statuses[photo.status] },
        ...(photo.rejectionReason
          ? [{ label: f.rejectionReason, value: photo.rejectionReason, long: true }]
          : []),
        ...(photo.moderatedAt
          ? [
              { label: f.moderatedAt, value: formatAdminDateTime(photo.moderatedAt) },
              {
                label: f.moderatedBy,
                value: photo.moderatedByName ?? (photo.moderatedBy ? texts.unknownStaff : ""),
              },
            ]
          : []),
        { label: f.id, value: photo.id },
      ],
    },
    { headers: admin.headers },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(
    loaded ? adminPageTitle(texts.detailTitle(loaded.shortId)) : texts.detailMetaTitle,
    texts.detailMetaDescription,
  );

export default function AdminGalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { id, status, back, image } = loaderData;
  const navigation = useNavigation();
  const approving = navigation.state !== "idle" && navigation.formData?.get("intent") === "approve";
  return (
    <div className="mx-auto max-w-4xl">
      <BackToList to={back}>{texts.back}</BackToList>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-foreground">{texts.detailTitle(loaderData.shortId)}</h1>
        <GalleryStatusBadge status={status} label={loaderData.statusLabel} />
      </div>

      <Panel id="foto-imagen" title={texts.photoHeading} hideTitle>
        {image ? (
          <a href={image.url} target="_blank" rel="noopener noreferrer" className="block w-fit max-w-full">
            <img
              src={image.url}
              width={image.width}
              height={image.height}
              alt={image.alt}
              className="h-auto max-h-[28rem] w-auto max-w-full rounded-md border border-border object-contain"
            />
          </a>
        ) : (
          <p className="text-sm text-muted-foreground">{texts.imageDeleted}</p>
        )}
      </Panel>

      <Panel id="foto-datos" title={texts.dataHeading}>
        <RecordFields fields={loaderData.fields} className="mt-3" />
      </Panel>

      <section
        id="moderacion"
        aria-labelledby="moderacion-titulo"
        className="mt-6 rounded-xl border border-border bg-white p-5"
      >
        <h2 id="moderacion-titulo" className="text-lg font-bold text-foreground">
          {texts.moderationHeading}
        </h2>
        {status === "pending" ? (
          <div className="mt-3 space-y-6">
            <Form method="post" action={back}>
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="id" value={id} />
              <Button type="submit" disabled={approving}>
                <Check aria-hidden="true" className="size-4" />
                {approving ? texts.saving : texts.approve}
              </Button>
            </Form>
            <GalleryReasonForm kind="reject" photoId={id} action={back} cancelHref={back} />
          </div>
        ) : status === "approved" ? (
          <div className="mt-3">
            <GalleryReasonForm kind="withdraw" photoId={id} action={back} cancelHref={back} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{texts.rejectedNote}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordError error={error} texts={texts} backTo={adminPaths.gallery} />;
}
