import { Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { FaqAccordion } from "~/components/faq-accordion";
import { PageHeader } from "~/components/page-header";
import { telLink } from "~/content/company";
import { faqItems } from "~/content/faq";
import { faqPage } from "~/content/faq-page";
import { seo } from "~/content/site";
import { useRootData } from "~/lib/root-data";
import { jsonLd, pageMeta } from "~/lib/seo";
import { faqPageData } from "~/lib/structured-data";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { ...seo.faq, path: "/faq" }),
  jsonLd(faqPageData(faqItems)),
];

export default function Faq() {
  const { company } = useRootData();
  return (
    <>
      <PageHeader title={faqPage.title} intro={faqPage.intro} column="3xl" />
      <div className="page-column-3xl py-14">
        <FaqAccordion items={faqItems} headingLevel="h2" />
        <section aria-labelledby="faq-contacto" className="mt-12 rounded-xl bg-stone-900 p-8 text-white">
          <h2 id="faq-contacto" className="text-2xl font-bold">
            {faqPage.contact.heading}
          </h2>
          <p className="mt-2 text-stone-200">{faqPage.contact.text}</p>
          <ul className="mt-4 space-y-2">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-5 text-brand" />
              <span className="sr-only">{faqPage.contact.emailLabel}: </span>
              <a className="underline" href={`mailto:${company.email}`}>
                {company.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-5 text-brand" />
              <span className="sr-only">{faqPage.contact.phoneLabel}: </span>
              <a className="underline" href={telLink(company.phone)}>
                {company.phone}
              </a>
            </li>
          </ul>
          <Link
            to={faqPage.contact.link.href}
            className="mt-6 inline-block font-semibold text-brand underline"
          >
            {faqPage.contact.link.label}
          </Link>
        </section>
      </div>
    </>
  );
}
