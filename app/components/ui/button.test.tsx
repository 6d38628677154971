import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cn } from "~/lib/cn";
import { Button, buttonVariants } from "./button";
import { FieldError, FormMessage } from "./field";
import { Input } from "./input";

/** The primitives' classes: one of each kind, the caller's winning over the primitive's own. */
function classesOf(markup: string): string[] {
  return (/class="([^"]*)"/.exec(markup)?.[1] ?? "").split(" ");
}

describe("cn", () => {
  it("keeps the later of two classes of the same kind and joins conditional ones", () => {
    expect(cn("px-5 py-2.5", "px-8")).toBe("py-2.5 px-8");
    const hidden = false;
    expect(cn("text-sm", hidden && "hidden", { "text-primary": true, underline: false })).toBe(
      "text-sm text-primary",
    );
  });

  it("knows the semantic colours are colours (a later one replaces an earlier one)", () => {
    expect(cn("text-foreground", "text-muted-foreground")).toBe("text-muted-foreground");
    expect(cn("bg-primary hover:bg-primary-strong", "bg-white")).toBe("hover:bg-primary-strong bg-white");
  });
});

describe("Button", () => {
  it("renders a button with the primary variant and default size", () => {
    const markup = renderToStaticMarkup(<Button type="submit">Enviar</Button>);
    expect(markup).toMatch(/^<button [^>]*type="submit"[^>]*>Enviar<\/button>$/);
    expect(classesOf(markup)).toEqual(expect.arrayContaining(["bg-primary", "px-5", "py-2.5", "text-sm"]));
  });

  it("lets className override the variant's padding instead of adding to it", () => {
    const classes = classesOf(renderToStaticMarkup(<Button size="lg" className="mt-8 px-8" />));
    expect(classes).toContain("px-8");
    expect(classes).not.toContain("px-7");
    expect(classes).not.toContain("px-5");
    expect(classes).toEqual(expect.arrayContaining(["py-3", "mt-8"]));
  });

  it("with asChild puts its classes on its only child instead of a button", () => {
    const markup = renderToStaticMarkup(
      <Button asChild variant="outline" className="underline">
        <a href="/productos">Ver productos</a>
      </Button>,
    );
    expect(markup).toMatch(/^<a [^>]*href="\/productos"[^>]*>Ver productos<\/a>$/);
    expect(classesOf(markup)).toEqual(
      expect.arrayContaining(["border", "border-input", "bg-white", "underline"]),
    );
  });

  it("offers its variants to other elements", () => {
    expect(buttonVariants({ variant: "ghost" }).split(" ")).toEqual(
      expect.arrayContaining(["text-foreground", "hover:bg-muted"]),
    );
  });
});

describe("FormMessage and Input", () => {
  it("speak with the role and colours of their tone", () => {
    const error = renderToStaticMarkup(<FormMessage tone="error">No se pudo</FormMessage>);
    expect(error).toContain('role="alert"');
    expect(classesOf(error)).toEqual(
      expect.arrayContaining(["bg-destructive-muted", "text-destructive-strong"]),
    );
    const success = renderToStaticMarkup(<FormMessage tone="success">Listo</FormMessage>);
    expect(success).toContain('role="status"');
    expect(classesOf(success)).toEqual(expect.arrayContaining(["bg-success-muted", "text-success-strong"]));
  });

  it("let a field error's className replace its margin, keeping its role and colour", () => {
    const markup = renderToStaticMarkup(
      <FieldError id="estado-error" className="mt-2">
        Elige un estado
      </FieldError>,
    );
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('id="estado-error"');
    expect(classesOf(markup)).toEqual(expect.arrayContaining(["mt-2", "text-destructive"]));
    expect(classesOf(markup)).not.toContain("mt-1");
  });

  it("let a control's className replace its own classes of the same kind", () => {
    const classes = classesOf(renderToStaticMarkup(<Input className="mt-1 text-sm" />));
    expect(classes).toContain("text-sm");
    expect(classes).not.toContain("text-base");
  });
});
