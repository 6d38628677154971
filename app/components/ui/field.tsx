import { useId } from "react";

/**
 * A labelled form control with its hint and its error right below it (ARCHITECTURE "Forms"): the
 * control gets aria-invalid and aria-describedby, the error is announced (role="alert").
 * `children` receives the props to spread on the input, select or textarea.
 */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export function Field({
  label,
  errors,
  hint,
  optional,
  className = "",
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
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {label}
        {optional ? <span className="font-normal text-stone-600"> (opcional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-xs text-stone-600">
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
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Classes shared by text inputs, selects and textareas. */
export const controlClass =
  "block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-strong focus-visible:outline-3 focus-visible:outline-offset-0 aria-invalid:border-red-700 disabled:bg-stone-100 disabled:opacity-70";

/** A message for the whole form: an error (role="alert") or a success (role="status"). */
export function FormMessage({
  tone,
  children,
  className = "",
}: {
  tone: "error" | "success";
  children: React.ReactNode;
  className?: string;
}) {
  return tone === "error" ? (
    <p
      role="alert"
      className={`rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ${className}`}
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className={`rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800 ${className}`}
    >
      {children}
    </p>
  );
}
