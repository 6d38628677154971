import type { NumberedStep } from "~/content/site";

export function NumberedSteps({ steps }: { steps: NumberedStep[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step) => (
        <li key={step.number} className="rounded-xl border border-border bg-white p-6">
          <span
            aria-hidden
            className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-white"
          >
            {step.number}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Paso {step.number}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
