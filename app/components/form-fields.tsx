import type { FormField } from "~/components/public-form-types";
import { Field, FieldError } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";

/**
 * Conform fields rendered the one way every public form shows them: label, optional hint, control,
 * error below (components/ui/field.tsx). `key` lets Conform reset the control after a success.
 */

export function TextField({
  meta,
  label,
  hint,
  optional,
  className,
  rows,
  ...input
}: {
  meta: FormField;
  label: string;
  hint?: React.ReactNode;
  optional?: boolean;
  className?: string;
  /** Renders a textarea with this many rows. */
  rows?: number;
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  "type" | "autoComplete" | "inputMode" | "placeholder" | "maxLength"
>) {
  const defaultValue = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  return (
    <Field label={label} errors={meta.errors} hint={hint} optional={optional} className={className}>
      {(props) =>
        rows ? (
          <Textarea
            {...props}
            key={meta.key}
            name={meta.name}
            defaultValue={defaultValue}
            rows={rows}
            maxLength={input.maxLength}
            placeholder={input.placeholder}
          />
        ) : (
          <Input {...props} {...input} key={meta.key} name={meta.name} defaultValue={defaultValue} />
        )
      }
    </Field>
  );
}

/** A required checkbox (e.g. accepting the terms) with its label and error. */
export function CheckboxField({
  meta,
  id,
  children,
}: {
  meta: FormField;
  id: string;
  children: React.ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          key={meta.key}
          name={meta.name}
          type="checkbox"
          defaultChecked={meta.initialValue === "on"}
          className="mt-1 size-4 accent-primary"
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? errorId : undefined}
        />
        <label htmlFor={id} className="text-sm text-stone-800">
          {children}
        </label>
      </div>
      {meta.errors ? <FieldError id={errorId}>{meta.errors[0]}</FieldError> : null}
    </div>
  );
}

type TextFieldProps = React.ComponentProps<typeof TextField>;
type PresetProps = Omit<TextFieldProps, "type" | "autoComplete" | "inputMode" | "placeholder">;

/** An e-mail address, as every public form asks for it. */
export function EmailField(props: PresetProps) {
  return <TextField type="email" autoComplete="email" {...props} />;
}

/** A phone number, as every public form asks for it (Chilean example in the placeholder). */
export function PhoneField(props: PresetProps) {
  return <TextField type="tel" autoComplete="tel" inputMode="tel" placeholder="+56 9 1234 5678" {...props} />;
}
