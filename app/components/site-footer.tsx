import { Facebook, Instagram, Mail, Phone, Truck } from "lucide-react";
import { Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { telLink, type CompanyInfo } from "~/content/company";
import { footerNavigation } from "~/content/navigation";
import { footer } from "~/content/site";

export function SiteFooter({ company }: { company: CompanyInfo }) {
  return (
    <footer className="bg-stone-950 text-stone-300">
      <section aria-labelledby="boletin-titulo" className="border-b border-stone-800">
        <div className="grid page-column-7xl gap-6 py-10 lg:grid-cols-2 lg:items-start">
          <div>
            <h2 id="boletin-titulo" className="text-xl font-bold text-white">
              {footer.newsletter.heading}
            </h2>
            <p className="mt-2 text-sm">{footer.newsletter.text}</p>
          </div>
          <NewsletterForm company={company} />
        </div>
      </section>
      <div className="grid page-column-7xl gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">LifeBox</p>
          <p className="mt-3 text-sm">{footer.blurb}</p>
          <p className="mt-4 flex items-start gap-2 text-sm">
            <Truck aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
            <span>
              {footer.deliveryLine} {footer.freeShippingLine}
            </span>
          </p>
        </div>
        <nav aria-label="Pie de página">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{footer.navHeading}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerNavigation.map((item) => (
              <li key={item.to}>
                <Link className="hover:text-white hover:underline" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            {footer.contactHeading}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[
              { Icon: Mail, href: `mailto:${company.email}`, label: company.email },
              { Icon: Phone, href: telLink(company.phone), label: company.phone },
            ].map(({ Icon, href, label }) => (
              <li key={href}>
                <a className="flex items-center gap-2 hover:text-white hover:underline" href={href}>
                  <Icon aria-hidden className="size-4 text-brand" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-semibold text-white">{footer.socialHeading}</h3>
          <ul className="mt-2 flex gap-3">
            {[
              { Icon: Facebook, href: company.facebookUrl, name: "Facebook" },
              { Icon: Instagram, href: company.instagramUrl, name: "Instagram" },
            ].map(({ Icon, href, name }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-11 items-center justify-center rounded-full bg-stone-800 hover:bg-stone-700"
                  aria-label={`LifeBox en ${name} (se abre en una pestaña nueva)`}
                >
                  <Icon aria-hidden className="size-5 text-white" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{footer.legalHeading}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[footer.legalLinks.terms, footer.legalLinks.privacy].map((item) => (
              <li key={item.href}>
                <Link className="hover:text-white hover:underline" to={item.href}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs leading-relaxed text-stone-400">{footer.sellerIdentity(company)}</p>
        </div>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-400">
        {footer.copyright(company, new Date().getFullYear())}
      </p>
    </footer>
  );
}
