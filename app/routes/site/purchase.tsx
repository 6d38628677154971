import type { Route } from "./+types/purchase";
import { PurchaseForm } from "~/components/purchase-form";
import { purchaseTexts } from "~/content/forms";
import { kitFormData, KitFormErrorBoundary, kitFormMeta, KitFormPage } from "~/components/kit-form-page";
import { useRootData } from "~/lib/root-data";
import type { OrderCreated, SubmissionReply } from "~/lib/submission";
import { publicFormAction } from "~/services/public-forms.server";

/**
 * /comprar/{kitId}: the purchase-data form as a page (what "Comprar" opens without JavaScript; with
 * it, the same form opens in a dialog and posts here). The action stores the order (DECISIONS D6).
 */
export function loader({ params }: Route.LoaderArgs) {
  return kitFormData(params.kitId);
}

export function action(args: Route.ActionArgs) {
  return publicFormAction("order", args);
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  kitFormMeta({
    kitId: loaderData?.kit.id,
    matches,
    title: purchaseTexts.pageTitle(loaderData?.kit.name ?? "LifeBox"),
    description: purchaseTexts.pageDescription(loaderData?.kit.name ?? "LifeBox"),
    basePath: "/comprar",
  });

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const { kit } = loaderData;
  return (
    <KitFormPage title={purchaseTexts.title(kit.name)} intro={purchaseTexts.description}>
      <PurchaseForm
        kit={kit}
        company={company}
        initialReply={actionData as SubmissionReply<OrderCreated> | undefined}
        cancelHref={loaderData.kitPath}
      />
    </KitFormPage>
  );
}

export const ErrorBoundary = KitFormErrorBoundary;
