import { describe, expect, it } from "vitest";
import type { CompanyInfo } from "./company";
import { faqItems } from "./faq";
import { legalParagraphText, legalUpdated, privacyPolicy, termsOfService, type LegalDocument } from "./legal";
import {
  coverage,
  deliveryPromise,
  quotationReviewTime,
  warrantyMonths,
  withdrawalDays,
  workingHours,
} from "./policies";
import { contact, footer, notFound, purpose, seo, type SeoPage } from "./site";
import { home } from "./home-page";
import { thanks } from "./thanks-page";
import { faqPage } from "./faq-page";
import { processPage } from "./process-page";

/** A company with values that appear nowhere else, to prove the legal texts interpolate them. */
const testCompany: CompanyInfo = {
  brand: "MarcaPruebaXYZ",
  legalName: "Razón Social Prueba QWERTY SpA",
  rut: "99.888.777-K",
  address: "Calle Inventada 4321, Comuna Ficticia",
  email: "legal-prueba@ejemplo.test",
  phone: "+56 2 9876 5432",
  whatsappNumber: "56298765432",
  facebookUrl: "https://facebook.test/prueba",
  instagramUrl: "https://instagram.test/prueba",
};

function documentText(doc: LegalDocument): string {
  return [
    doc.title,
    doc.updated,
    doc.intro,
    ...doc.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs.map((p) => legalParagraphText(p)),
      ...(s.list ?? []),
    ]),
  ].join("\n");
}

/** Every visitor-facing text of this folder's page modules, with functions evaluated. */
function allTexts(): string {
  return [
    JSON.stringify(faqItems),
    JSON.stringify({ home, processPage, purpose, faqPage, contact, thanks, notFound, footer, seo }),
    thanks.intro(),
    thanks.intro("LifeBox Essential"),
    footer.sellerIdentity(testCompany),
    footer.copyright(testCompany, 2026),
    documentText(termsOfService(testCompany)),
    documentText(privacyPolicy(testCompany)),
  ].join("\n");
}

describe("SEO texts", () => {
  const pages = Object.keys(seo) as SeoPage[];

  it("covers every page", () => {
    expect(pages.sort()).toEqual(
      [
        "catalogue",
        "contact",
        "faq",
        "home",
        "notFound",
        "privacy",
        "process",
        "purpose",
        "terms",
        "thanks",
      ].sort(),
    );
  });

  it("has unique titles of at most 60 characters", () => {
    const titles = pages.map((p) => seo[p].title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(60);
  });

  it("ends every title but the home page's with ' | LifeBox'", () => {
    for (const page of pages) {
      if (page === "home") expect(seo.home.title).toContain("LifeBox");
      else expect(seo[page].title, page).toMatch(/ \| LifeBox$/);
    }
  });

  it("has unique descriptions of 50 to 160 characters", () => {
    const descriptions = pages.map((p) => seo[p].description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const d of descriptions) {
      expect(d.length, d).toBeGreaterThanOrEqual(50);
      expect(d.length, d).toBeLessThanOrEqual(160);
    }
  });
});

describe("FAQ", () => {
  it("has 8 to 10 complete items", () => {
    expect(faqItems.length).toBeGreaterThanOrEqual(8);
    expect(faqItems.length).toBeLessThanOrEqual(10);
    for (const item of faqItems) {
      expect(item.question).toMatch(/^¿.+\?$/);
      expect(item.answer.length).toBeGreaterThan(40);
      expect(item.answer).not.toMatch(/<[a-z/]/i);
    }
  });

  it("answers the five SPEC topics", () => {
    const find = (pattern: RegExp) => faqItems.find((item) => pattern.test(item.question));
    expect(find(/IP67/), "IP67").toBeDefined();
    expect(find(/por qué/i), "why LifeBox").toBeDefined();
    expect(find(/cuánto demora|plazo/i), "delivery time").toBeDefined();
    expect(find(/envío/i), "shipping").toBeDefined();
    expect(find(/garantía/i), "warranty").toBeDefined();
  });

  it("states the delivery promise, the warranty and the shipping rules from policies", () => {
    const answer = (pattern: RegExp) => faqItems.find((item) => pattern.test(item.question))?.answer ?? "";
    expect(answer(/cuánto demora/i)).toContain(deliveryPromise);
    expect(answer(/garantía/i)).toContain(`${warrantyMonths} meses`);
    const shipping = answer(/envío/i);
    expect(shipping).toMatch(/Chile continental/);
    expect(shipping).toMatch(/Isla de Pascua/);
    expect(shipping).toMatch(/Juan Fernández/);
    expect(shipping).toMatch(/Antártica/);
    expect(answer(/arrepentirme/i)).toContain(`${withdrawalDays} días`);
  });
});

describe("page texts", () => {
  it("keeps the fixed wording", () => {
    expect(home.hero.headline).toBe("LifeBox Survival Kits");
    expect(home.hero.cta).toEqual({ label: "Elige tu LifeBox", href: "/productos" });
    expect(thanks.title).toBe("¡Gracias por cotizar!");
    expect(notFound.title).toBe("¡Ups! Página no encontrada");
    expect(notFound.homeLink.href).toBe("/");
    expect(thanks.links.home.href).toBe("/");
    expect(thanks.links.catalogue.href).toBe("/productos");
  });

  it("has the three ordering and process steps and four thank-you steps", () => {
    expect(home.howItWorks.steps.map((s) => s.title)).toEqual([
      "Elige tu kit",
      "Pago y confirmación",
      "Entrega segura",
    ]);
    expect(processPage.steps).toHaveLength(3);
    expect(processPage.steps[0]?.title).toBe("Fabricación a pedido");
    expect(processPage.steps[2]?.description).toContain(deliveryPromise);
    expect(thanks.nextSteps).toHaveLength(4);
    expect(thanks.nextSteps[0]?.description).toContain(`${quotationReviewTime}`);
    expect(purpose.whyLifeBox.heading).toBe("Por qué LifeBox");
    expect(purpose.whyLifeBox.paragraphs.length).toBeGreaterThanOrEqual(3);
    expect(purpose.whyLifeBox.paragraphs.length).toBeLessThanOrEqual(4);
  });

  it("names the product on the thank-you page when it is known", () => {
    expect(thanks.intro("LifeBox Nautical Mini")).toContain("LifeBox Nautical Mini");
    expect(thanks.intro()).not.toContain("undefined");
    expect(thanks.intro("  ")).toBe(thanks.intro());
  });

  it("takes working hours and coverage from policies", () => {
    expect(contact.infoCard.workingHours).toBe(workingHours);
    expect(contact.infoCard.coverage).toBe(coverage);
    expect(coverage).toBe("Todo Chile continental");
  });
});

describe("one delivery promise (docs/product.md#d2)", () => {
  const texts = allTexts();

  it("appears in the FAQ, the process page, the footer and the terms", () => {
    expect(JSON.stringify(faqItems)).toContain(deliveryPromise);
    expect(JSON.stringify(processPage)).toContain(deliveryPromise);
    expect(footer.deliveryLine).toContain(deliveryPromise);
    expect(documentText(termsOfService(testCompany))).toContain(deliveryPromise);
  });

  it("never states the contradicting promises of the spec", () => {
    expect(texts).not.toMatch(/5\s*(a|-|–)\s*10\s*días/i);
    expect(texts).not.toMatch(/3\s*(a|-|–)\s*5\s*días/i);
    expect(texts).not.toMatch(/días hábiles/i);
  });

  it("writes no contact data or seller identity as literals", () => {
    expect(texts).not.toContain("lifebox.example");
    expect(texts).not.toContain("76.000.000-0");
    expect(texts).not.toContain("+56 9 0000 0000");
  });
});

describe("legal documents", () => {
  const terms = termsOfService(testCompany);
  const privacy = privacyPolicy(testCompany);
  const termsText = documentText(terms);
  const privacyText = documentText(privacy);

  it.each([
    ["terms", termsText],
    ["privacy", privacyText],
  ])("%s interpolate the company", (_name, text) => {
    for (const value of [
      testCompany.legalName,
      testCompany.rut,
      testCompany.address,
      testCompany.email,
      testCompany.phone,
    ]) {
      expect(text).toContain(value);
    }
  });

  it("are dated and substantive", () => {
    for (const doc of [terms, privacy]) {
      expect(doc.updated).toBe(legalUpdated);
      expect(doc.updated).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
      expect(doc.sections.length).toBeGreaterThanOrEqual(10);
      for (const section of doc.sections) expect(section.paragraphs.length).toBeGreaterThan(0);
    }
  });

  it("terms cite the consumer law and state warranty, withdrawal and the made-to-order exception", () => {
    expect(terms.title).toBe("Términos y condiciones");
    expect(termsText).toContain("Ley 19.496");
    expect(termsText).toMatch(/Decreto Supremo N° 6 de 2021/);
    expect(termsText).toContain(`${warrantyMonths} meses`);
    expect(termsText).toMatch(/seis meses/);
    expect(termsText).toContain(`${withdrawalDays} días`);
    expect(termsText).toMatch(/3 bis, letra b\)/);
    expect(termsText).toMatch(
      /No procede el derecho de retracto respecto de los kits confeccionados conforme a las especificaciones del consumidor/,
    );
    expect(termsText).toMatch(/IVA/);
    expect(termsText).toMatch(/SERNAC/);
    // The privacy policy is named by a link to its page, not by its address in plain text.
    expect(termsText).not.toContain("/privacidad");
    expect(termsOfService(testCompany).sections.flatMap((section) => section.paragraphs)).toContainEqual(
      expect.objectContaining({ link: { label: "Política de privacidad", href: "/privacidad" } }),
    );
    expect(termsText).toMatch(/Isla de Pascua/);
  });

  it("privacy cites the data protection laws, the rights and the authority", () => {
    expect(privacy.title).toBe("Política de privacidad");
    expect(privacyText).toContain("Ley 19.628");
    expect(privacyText).toContain("Ley 21.719");
    for (const right of ["Acceso", "Rectificación", "Supresión", "Oposición", "Portabilidad", "Bloqueo"]) {
      expect(privacyText).toContain(`${right}:`);
    }
    expect(privacyText).toContain("Agencia de Protección de Datos Personales");
    expect(privacyText).toContain("ALTCHA");
    expect(privacyText).toMatch(/6 años/);
    expect(privacyText).toMatch(/un solo clic/);
  });
});
