import { cva } from "class-variance-authority";
import { useId } from "react";
import { cn } from "~/lib/cn";

/**
 * A labelled control with its hint and its announced error below it (ARCHITECTURE "Forms"): `children`
 * receives the props (id, aria-invalid, aria-describedby) to spread on the input, select or textarea.
 */
interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

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
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-foreground">
        {label}
        {optional ? <span className="font-normal text-subtle-foreground"> (opcional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-subtle-foreground">
          {hint}
        </p>
      ) : null}
      <div className="mt-1">
        {children({
          id,
          ...(error ? { "aria-invalid": true as const } : {}),
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
        })}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
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
