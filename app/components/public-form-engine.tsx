import { useEffect, useLayoutEffect, useRef } from "react";
import type { z } from "zod";
import type { FormHandoff, PublicFormApi, PublicFormOptions } from "~/components/public-form-types";
import { usePublicForm } from "~/components/use-public-form";

/**
 * A public form run by Conform (loaded by `DeferredForm` when the visitor reaches the form): it
 * takes over the static form with what was typed and the files chosen, gives the focus back where it
 * was and makes the send that came before it.
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
    const { files, focus } = pending.current;
    // A file input cannot be given a default value: the chosen files are put back in it.
    const form = document.getElementById(options.id);
    for (const [name, chosen] of Object.entries(files ?? {})) {
      const input = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null;
      if (!(input instanceof HTMLInputElement) || input.type !== "file") continue;
      const transfer = new DataTransfer();
      for (const file of chosen) transfer.items.add(file);
      input.files = transfer.files;
    }
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
