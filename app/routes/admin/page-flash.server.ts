import { takeToast, type Toast } from "~/infra/toast.server";

/**
 * The success an admin page's own action redirected back with (post/redirect/get), so that the
 * page shows it in place as well as in the toast (app/root.tsx shows the toast, and its loader
 * clears the cookie; here it is only read). `title` is the page's own success title: the sign-in's
 * welcome toast, arriving on whatever page the admin asked for, is the root's alone.
 */
export async function pageFlash(request: Request, title: string): Promise<Toast | null> {
  const { toast } = await takeToast(request);
  return toast?.title === title ? toast : null;
}
