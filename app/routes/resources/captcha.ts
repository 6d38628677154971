import { data } from "react-router";
import type { Route } from "./+types/captcha";
import { isFormName } from "~/lib/submission";
import { createCaptchaChallenge, getCaptchaSettings } from "~/services/captcha.server";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /api/captcha?form=order|quote|contact|newsletter: a new signed anti-spam challenge for that
 * form, as the ALTCHA widget fetches it (docs/product.md#d13; services/captcha.server.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const form = new URL(request.url).searchParams.get("form");
  if (!isFormName(form)) throw data("Formulario desconocido.", { status: 400, headers });
  return Response.json(await createCaptchaChallenge(getCaptchaSettings(), form), { headers });
}
