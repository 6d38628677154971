import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routeMatcher, routerPathOf } from "./matched-route";

/** A manifest shaped like the build's (ids, parents, paths, index routes), with the routes we limit. */
const module = {} as never;
const routes = {
  root: { id: "root", path: "", module },
  "routes/site/layout": { id: "routes/site/layout", parentId: "root", module },
  "routes/site/home": { id: "routes/site/home", parentId: "routes/site/layout", index: true, module },
  "routes/site/contact": {
    id: "routes/site/contact",
    parentId: "routes/site/layout",
    path: "contacto",
    module,
  },
  "routes/site/purchase": {
    id: "routes/site/purchase",
    parentId: "routes/site/layout",
    path: "comprar/:kitId",
    module,
  },
  "routes/site/gallery-upload": {
    id: "routes/site/gallery-upload",
    parentId: "routes/site/layout",
    path: "galeria/compartir",
    module,
  },
  "routes/site/not-found": { id: "routes/site/not-found", parentId: "routes/site/layout", path: "*", module },
  "routes/resources/chat": { id: "routes/resources/chat", parentId: "root", path: "api/chat", module },
};

describe("the limited route a request reaches", () => {
  const limited = [
    "routes/site/contact",
    "routes/site/purchase",
    "routes/site/gallery-upload",
    "routes/resources/chat",
  ];
  const match = routeMatcher({ routes }, limited);

  it("is found whatever the path's case, escapes, trailing slash, dot segments or .data", () => {
    for (const url of [
      "/api/chat",
      "/API/Chat",
      "/api/chat/",
      "/api/%63hat",
      "/%61pi/chat",
      "/api/chat.data",
      "/api/./chat",
      "/x/../api/chat",
      "/api/chat?sesion=1",
    ]) {
      expect(match(url), url).toBe("routes/resources/chat");
    }
    expect(match("/Galeria/Compartir/")).toBe("routes/site/gallery-upload");
    expect(match("/galeria/compartir.data")).toBe("routes/site/gallery-upload");
    expect(match("/COMPRAR/essential.data")).toBe("routes/site/purchase");
    expect(match("/comprar/%65ssential")).toBe("routes/site/purchase");
    expect(match("/contacto")).toBe("routes/site/contact");
  });

  it("is none for any other path", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/api/chats",
      "/api/chat/otra",
      "/comprar",
      "/api/%E0%A4%A",
      "/api%2Fchat",
    ]) {
      expect(match(url), url).toBeUndefined();
    }
  });

  it("agrees with React Router's own matchRoutes over the whole manifest", () => {
    const tree = (parentId?: string): RouteObject[] =>
      Object.values(routes)
        .filter((route) => ("parentId" in route ? route.parentId : undefined) === parentId)
        .map((route) =>
          "index" in route && route.index
            ? { id: route.id, index: true }
            : { id: route.id, path: "path" in route ? route.path : undefined, children: tree(route.id) },
        );
    const whole = tree(undefined);
    for (const url of [
      "/API/chat/",
      "/Galeria/Compartir",
      "/comprar/industry-mini",
      "/contacto",
      "/faq",
      "/",
    ]) {
      const ran = matchRoutes(whole, routerPathOf(url))?.at(-1)?.route.id;
      expect(match(url), url).toBe(limited.includes(ran ?? "") ? ran : undefined);
    }
  });

  it("refuses to start with a limited route that the build does not have", () => {
    expect(() => routeMatcher({ routes }, ["routes/resources/chat"])).not.toThrow();
    expect(() => routeMatcher({ routes }, ["routes/resources/chatbot"])).toThrow(
      /routes\/resources\/chatbot/,
    );
  });

  it("reads the path React Router reads", () => {
    expect(routerPathOf("/_root.data")).toBe("/");
    expect(routerPathOf("/galeria.data?pagina=2")).toBe("/galeria");
    expect(routerPathOf("/galeria/")).toBe("/galeria");
    expect(routerPathOf("/")).toBe("/");
  });
});
