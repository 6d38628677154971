import { takeToast, type Toast } from "~/infra/toast.server";

/**
 * The success toast a page's own action redirected back with (post/redirect/get), to show it in
 * place too; app/root.tsx shows and clears the toast. Only the page's own `title` (or one of its
 * titles) counts: the sign-in's welcome toast arrives on whatever page the admin asked for.
 */
export async function pageFlash(request: Request, title: string | readonly string[]): Promise<Toast | null> {
  const { toast } = await takeToast(request);
  const titles: readonly string[] = typeof title === "string" ? [title] : title;
  return toast && titles.includes(toast.title) ? toast : null;
}
