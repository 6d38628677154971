import { cva } from "class-variance-authority";
import { createContext, useContext, useId } from "react";
import { cn } from "~/lib/cn";

/**
 * A labelled control with its hint and its announced error below it (docs/architecture.md#forms): `children`
 * receives the props (id, aria-invalid, aria-describedby) to spread on the input, select or textarea.
 */
interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

const InFieldGrid = createContext(false);

/**
 * A form's fields in two columns from `sm` up (a field spans both with `sm:col-span-2`). Each field
 * is a subgrid of four rows (label, hint, control, error), so the controls of a row line up whether
 * or not their neighbours have a hint or an error; the space between rows is each field's bottom
 * padding. On a phone the fields simply stack.
 */
export function FieldGrid({ className, children, ...props }: React.ComponentProps<"fieldset">) {
  return (
    <fieldset className={cn("grid gap-4 sm:-mb-4 sm:grid-cols-2 sm:gap-y-0", className)} {...props}>
      <InFieldGrid.Provider value={true}>{children}</InFieldGrid.Provider>
    </fieldset>
  );
}

/** Classes of a field's part in its `FieldGrid` subgrid (none outside one). */
const rowOf = ["sm:row-start-1", "sm:row-start-2", "sm:row-start-3", "sm:row-start-4"] as const;

export function Field({
  label,
  errors,
  hint,
  optional,
  className,
  children,
}: {
  label: React.ReactNode;
  errors?: readonly string[] | undefined;
  hint?: React.ReactNode;
  /** Adds "(opcional)" to the label. */
  optional?: boolean;
  className?: string;
  children: (props: FieldControlProps) => React.ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = errors?.[0];
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const inGrid = useContext(InFieldGrid);
  const row = (index: 0 | 1 | 2 | 3) => (inGrid ? rowOf[index] : undefined);
  return (
    <div
      className={cn(
        inGrid && "sm:row-span-4 sm:grid sm:grid-rows-subgrid sm:content-start sm:pb-4",
        className,
      )}
    >
      <label htmlFor={id} className={cn("block text-sm font-semibold text-foreground", row(0))}>
        {label}
        {optional ? <span className="font-normal text-subtle-foreground"> (opcional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={cn("mt-0.5 text-xs text-subtle-foreground", row(1))}>
          {hint}
        </p>
      ) : null}
      <div className={cn("mt-1", row(2))}>
        {children({
          id,
          ...(error ? { "aria-invalid": true as const } : {}),
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
        })}
      </div>
      {error ? (
        <FieldError id={errorId} className={row(3)}>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

/** A field's error, right below its control and announced (the control points to it by `id`). */
export function FieldError({ className, ...props }: React.ComponentProps<"p">) {
  return <p role="alert" className={cn("mt-1 text-sm font-medium text-destructive", className)} {...props} />;
}

const formMessageVariants = cva("rounded-md px-3 py-2 text-sm font-medium", {
  variants: {
    tone: {
      error: "bg-destructive-muted text-destructive-strong",
      success: "bg-success-muted text-success-strong",
    },
  },
});

/** A message for the whole form: an error (role="alert") or a success (role="status"). */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: "error" | "success";
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={cn(formMessageVariants({ tone }), className)}>
      {children}
    </p>
  );
}
