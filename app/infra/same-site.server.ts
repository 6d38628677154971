/**
 * Whether a POST comes from another site's page. React Router checks this itself only for the
 * actions of routes with a page; a resource route that takes posts (JSON answers) asks here. A
 * browser always sends Origin with a POST made by a form or a script, and another site's differs
 * from ours; a client that is not a browser sends none.
 */
export function isFromAnotherSite(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
