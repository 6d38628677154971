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

describe("the route React Router runs for a request", () => {
  const match = routeMatcher({ routes });

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
    expect(match("/contacto")).toBe("routes/site/contact");
  });

  it("is another route for another path, and the index route only with ?index", () => {
    expect(match("/api/chats")).toBe("routes/site/not-found");
    expect(match("/api/chat/otra")).toBe("routes/site/not-found");
    expect(match("/?index")).toBe("routes/site/home");
    expect(match("/_root.data?index")).toBe("routes/site/home");
    // Without ?index, a post to "/" runs the action of the nearest route above it with a path
    // (React Router's getTargetMatch skips the pathless layout): the root.
    expect(match("/")).toBe("root");
    // A malformed escape is left as it is, as React Router leaves it.
    expect(match("/api/%E0%A4%A")).toBe("routes/site/not-found");
  });

  it("refuses to start with a limited route that the build does not have", () => {
    expect(() => routeMatcher({ routes }, ["routes/resources/chat"])).not.toThrow();
    expect(() => routeMatcher({ routes }, ["routes/resources/chatbot"])).toThrow(
      /routes\/resources\/chatbot/,
    );
  });

  it("reads the path React Router reads", () => {
    expect(routerPathOf("/_root.data").pathname).toBe("/");
    expect(routerPathOf("/galeria.data?pagina=2").pathname).toBe("/galeria");
    expect(routerPathOf("/galeria/").pathname).toBe("/galeria");
    expect(routerPathOf("/").pathname).toBe("/");
  });
});
