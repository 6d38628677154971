import { Clock, Mail, MapPin, MessageCircle, Phone, Truck } from "lucide-react";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/contact-form";
import { PageHeader } from "~/components/page-header";
import { telLink, whatsappLink } from "~/content/company";
import { contact, seo } from "~/content/site";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { formClientAction, type SubmissionReply } from "~/lib/submission";
import { sendContactMessage } from "~/models/contacts.server";
import { contactSchema } from "~/schemas/contact";
import { submitPublic } from "~/services/public-submission.server";

/** Stores a contact message and notifies the shop (docs/product.md#spec-2, docs/product.md#d19). */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitPublic({
    request,
    context,
    form: "contact",
    schema: contactSchema,
    failureMessage: contact.form.errorMessage,
    save: sendContactMessage,
  });
  if (!outcome.ok) return outcome.refusal;
  // The page stays, with the success message and the fields cleared (docs/product.md#spec-4).
  return { status: "success", result: outcome.result } satisfies SubmissionReply;
}

export const clientAction = formClientAction(contact.form.errorMessage);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...seo.contact, path: "/contacto" });

export default function Contact({ actionData }: Route.ComponentProps) {
  const { company } = useRootData();
  const card = contact.infoCard;
  const rows = [
    { icon: Mail, label: card.emailLabel, value: company.email, href: `mailto:${company.email}` },
    { icon: Phone, label: card.phoneLabel, value: company.phone, href: telLink(company.phone) },
    {
      icon: MessageCircle,
      label: card.whatsappLabel,
      value: company.phone,
      href: whatsappLink(company),
      external: true,
    },
    { icon: MapPin, label: card.addressLabel, value: company.address },
    { icon: Clock, label: card.hoursLabel, value: card.workingHours },
    { icon: Truck, label: card.coverageLabel, value: card.coverage },
  ];
  return (
    <>
      <PageHeader title={contact.title} intro={contact.intro} />
      <div className="grid page-column-7xl gap-10 py-14 lg:grid-cols-2">
        <section
          aria-labelledby="formulario-contacto"
          className="rounded-xl border border-border bg-white p-8"
        >
          <h2 id="formulario-contacto" className="text-2xl font-bold">
            {contact.form.heading}
          </h2>
          <div className="mt-6">
            <ContactForm company={company} initialReply={actionData} />
          </div>
        </section>
        <section
          aria-labelledby="info-contacto"
          className="rounded-xl border border-border bg-white p-8"
          data-testid="contact-card"
        >
          <h2 id="info-contacto" className="text-2xl font-bold">
            {card.heading}
          </h2>
          <dl className="mt-6 space-y-5">
            {rows.map(({ icon: Icon, label, value, href, external }) => (
              <div key={label}>
                <dt className="flex items-center gap-2 text-sm font-semibold text-subtle-foreground">
                  <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                  {label}
                </dt>
                <dd className="mt-1 pl-7 text-foreground">
                  {href ? (
                    <a
                      className="underline"
                      href={href}
                      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    >
                      {value}
                      {external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}
