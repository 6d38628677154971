import { Link, type LinkProps } from "react-router";

/** Button styles in the shadcn/ui manner: one place for the variants every page uses. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60";

const variants = {
  primary: "bg-brand-strong text-white hover:bg-brand-deep",
  secondary: "bg-stone-900 text-white hover:bg-stone-700",
  outline: "border border-stone-400 bg-white text-stone-900 hover:bg-stone-100",
  ghost: "text-stone-900 hover:bg-stone-100",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = "primary",
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  className = "",
  ...props
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
