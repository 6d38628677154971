import type { CompanyInfo } from "~/content/company";
import type { FaqItem, Kit } from "~/content/types";
import { absoluteUrl } from "~/lib/seo";

/** The shop as JSON-LD, escaped so that it can sit inside a script element safely. */
export function organizationJsonLd(siteUrl: string, company: CompanyInfo): string {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: company.brand,
    legalName: company.legalName,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    email: company.email,
    telephone: company.phone,
    address: { "@type": "PostalAddress", streetAddress: company.address, addressCountry: "CL" },
    sameAs: [company.facebookUrl, company.instagramUrl],
  };
  return JSON.stringify(organization).replace(/</g, "\\u003c");
}

export function productData(siteUrl: string, kit: Kit, path: string, image: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: kit.name,
    description: kit.description,
    image: absoluteUrl(siteUrl, image),
    sku: kit.id,
    brand: { "@type": "Brand", name: "LifeBox" },
    offers: {
      "@type": "Offer",
      url: absoluteUrl(siteUrl, path),
      price: kit.price,
      priceCurrency: "CLP",
      availability: "https://schema.org/MadeToOrder",
      itemCondition: "https://schema.org/NewCondition",
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingRate: { "@type": "MonetaryAmount", value: 0, currency: "CLP" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "CL" },
      },
    },
  };
}

export function breadcrumbData(siteUrl: string, items: Array<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

export function faqPageData(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
