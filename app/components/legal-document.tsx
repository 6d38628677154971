import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { legalParagraphText, type LegalDocument } from "~/content/legal";

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHeader title={document.title} column="3xl" />
      <div className="page-column-3xl py-12">
        <p className="text-sm text-subtle-foreground">Última actualización: {document.updated}</p>
        <p className="mt-4 text-stone-800">{document.intro}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={legalParagraphText(paragraph)} className="mt-3 leading-relaxed text-stone-800">
                {typeof paragraph === "string" ? (
                  paragraph
                ) : (
                  <>
                    {paragraph.before}
                    <Link to={paragraph.link.href} className="underline">
                      {paragraph.link.label}
                    </Link>
                    {paragraph.after}
                  </>
                )}
              </p>
            ))}
            {section.list ? (
              <ul className="mt-3 list-disc space-y-1 pl-6 text-stone-800">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
