import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/gallery-upload";
import { GalleryUploadForm } from "~/components/gallery-upload-form";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import {
  galleryPath,
  galleryUploadPath,
  galleryUploadTexts as texts,
  galleryUploadThanksPath,
} from "~/content/gallery";
import { kitList } from "~/content/kits";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { submitGalleryUpload } from "~/services/gallery-upload.server";

/**
 * /galeria/compartir, "Comparte tu LifeBox" (docs/product.md#d16): a customer sends a photo of their kit
 * with their order's number and e-mail; it waits for staff as pending. With JavaScript the form
 * uploads to /api/galeria/fotos with a progress bar; without it, it posts here. Either way the
 * visitor ends on the thank-you state, ?enviada=1.
 */
export function loader({ request }: Route.LoaderArgs) {
  return {
    sent: new URL(request.url).searchParams.get("enviada") === "1",
    kits: kitList.map(({ id, name }) => ({ id, name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitGalleryUpload({ request, context });
  if (!outcome.ok) return outcome.refusal;
  return redirect(galleryUploadThanksPath, 303);
}

// A page for customers who ordered, not for search results.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: texts.metaTitle,
    description: texts.metaDescription,
    path: galleryUploadPath,
    noindex: true,
  });

function Thanks() {
  const message = useRef<HTMLDivElement>(null);
  // The visitor just sent the form: the answer is where they are now.
  useEffect(() => message.current?.focus(), []);
  return (
    <div
      ref={message}
      tabIndex={-1}
      className="rounded-xl border border-border bg-white p-8 text-center outline-none"
    >
      <CheckCircle2 aria-hidden className="mx-auto size-12 text-success" />
      <p role="status" className="mt-4 text-lg font-semibold text-foreground">
        {texts.successMessage}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to={galleryUploadPath}>{texts.shareAnother}</Link>
        </Button>
        <Button asChild>
          <Link to={galleryPath}>{texts.seeGallery}</Link>
        </Button>
      </div>
    </div>
  );
}

export default function GalleryUpload({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={texts.title} intro={texts.intro} column="3xl" />
      <div className="page-column-3xl py-12">
        {loaderData.sent ? (
          <Thanks />
        ) : (
          <section aria-labelledby="tu-foto" className="rounded-xl border border-border bg-white p-6 sm:p-8">
            <h2 id="tu-foto" className="text-2xl font-bold">
              {texts.formHeading}
            </h2>
            <div className="mt-6">
              <GalleryUploadForm
                kits={loaderData.kits}
                company={company}
                initialReply={actionData}
                onSent={() => void navigate(galleryUploadThanksPath)}
              />
            </div>
          </section>
        )}
      </div>
    </>
  );
}
