import adminStylesheet from "~/admin.css?url";

/**
 * The back office's stylesheet (docs/decisions/043), linked by the route of every admin page (the
 * frame and the sign-in page): the inlined site stylesheet lacks the admin's own classes.
 */
export const adminStylesheetLinks = () => [{ rel: "stylesheet", href: adminStylesheet }];
