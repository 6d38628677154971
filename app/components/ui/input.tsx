import { cn } from "~/lib/cn";

/** What text inputs, textareas and selects share: border, padding, focus, invalid and disabled states. */
const controlClasses =
  "block w-full rounded-md border border-input bg-white px-3 py-2 text-base text-foreground placeholder:text-stone-500 focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-0 aria-invalid:border-destructive disabled:bg-muted disabled:opacity-70";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input {...props} className={cn(controlClasses, className)} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea {...props} className={cn(controlClasses, className)} />;
}

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select {...props} className={cn(controlClasses, className)} />;
}
