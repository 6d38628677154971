import { useEffect, useLayoutEffect, useRef } from "react";
import type { z } from "zod";
import type { FormHandoff, PublicFormApi, PublicFormOptions } from "~/components/deferred-form";
import { usePublicForm } from "~/components/use-public-form";

/**
 * A public form run by Conform (loaded by `DeferredForm` when the visitor reaches the form): it
 * takes over the static form with what was typed, gives the focus back where it was and makes the
 * send that came before it.
 */
export function PublicFormEngine<Name extends string>({
  schema,
  handoff,
  children,
  ...options
}: Omit<PublicFormOptions, "loadSchema"> & {
  schema: z.ZodType<Record<string, unknown>>;
  handoff: FormHandoff;
  children: (api: PublicFormApi<Name>) => React.ReactNode;
}) {
  const api = usePublicForm<Name>({ ...options, schema, typedValues: handoff.values });
  const pending = useRef(handoff);

  useLayoutEffect(() => {
    const { focus } = pending.current;
    const element = focus ? elementOf(options.id, focus.index) : undefined;
    if (!focus || !element) return;
    // Where the visitor is on the page stays: the field may be scrolled out of view by now.
    element.focus({ preventScroll: true });
    if (focus.selectionStart !== null && "setSelectionRange" in element) {
      (element as HTMLInputElement).setSelectionRange(focus.selectionStart, focus.selectionEnd);
    }
  }, [options.id]);

  useEffect(() => {
    const { submitter } = pending.current;
    pending.current = {};
    const form = document.getElementById(options.id);
    if (submitter === undefined || !(form instanceof HTMLFormElement)) return;
    const button = submitter === -1 ? undefined : elementOf(options.id, submitter);
    form.requestSubmit(
      button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button : null,
    );
  }, [options.id]);

  return children(api);
}

function elementOf(formId: string, index: number): HTMLElement | undefined {
  const form = document.getElementById(formId);
  const element = form instanceof HTMLFormElement ? form.elements[index] : undefined;
  return element instanceof HTMLElement ? element : undefined;
}
