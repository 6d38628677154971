import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import type { PublicFormEngine } from "~/components/public-form-engine";
import type {
  FormField,
  FormHandoff,
  PublicFormApi,
  PublicFormOptions,
} from "~/components/public-form-types";

/**
 * A public form's code (Conform, the zod schema, the captcha widget) loads when the visitor first
 * focuses, presses or hovers the form, not with the page (docs/decisions/029). Until then the same
 * markup renders from the server's reply and posts without JavaScript; then Conform's form
 * (`public-form-engine.tsx`) takes over what was typed, the focus, and a send made meanwhile.
 */

interface Engine {
  Engine: typeof PublicFormEngine;
  schema: z.ZodType<Record<string, unknown>>;
}

const engines = new Map<PublicFormOptions["loadSchema"], Promise<Engine>>();
/** The engines whose code has run, by schema: a form mounted after that starts with Conform's. */
const loadedEngines = new Map<PublicFormOptions["loadSchema"], Engine>();

/** Loads (once) Conform's form and the schema; also used to fetch them before a dialog opens. */
export function loadFormEngine(loadSchema: PublicFormOptions["loadSchema"]): Promise<Engine> {
  let engine = engines.get(loadSchema);
  if (!engine) {
    engine = Promise.all([import("~/components/public-form-engine"), loadSchema()]).then(
      ([module, schema]) => {
        const loaded = { Engine: module.PublicFormEngine, schema };
        loadedEngines.set(loadSchema, loaded);
        return loaded;
      },
    );
    // A failed load (a lost connection) is tried again next time.
    engine.catch(() => engines.delete(loadSchema));
    engines.set(loadSchema, engine);
  }
  return engine;
}

export function DeferredForm<Name extends string>({
  eager = false,
  children,
  ...options
}: PublicFormOptions & {
  /** Load the code at once (a dialog the visitor has just opened). */
  eager?: boolean;
  /** The form's markup. */
  children: (api: PublicFormApi<Name>) => React.ReactNode;
}) {
  const { id, loadSchema } = options;
  // A dialog opened once its form's code has run (prefetched, kit-actions.tsx) renders Conform's
  // form at once: rendering the static form first and then swapping would double the work of the
  // frame that shows the dialog. (Never while hydrating: no form code runs before hydration.)
  const [engine, setEngine] = useState<(Engine & { handoff: FormHandoff }) | undefined>(() => {
    const loaded = eager ? loadedEngines.get(loadSchema) : undefined;
    return loaded && { ...loaded, handoff: {} };
  });

  useEffect(() => {
    if (engine) return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    let loaded: Engine | undefined;
    let submitter: number | undefined;
    let pressing = false;
    // A file input's picker is open: a new input would not get the files chosen in it.
    let picking = false;
    let stopped = false;
    // The form is rendered again once its code is here, but not between the press and the release
    // of a button: the click would be lost with the button it began on. The new form is put in
    // place at once (flushSync), not in a render task of its own: on a busy phone a press could
    // begin on the old button in between, and a send or a key typed there would be lost.
    const swap = () => {
      const ready = loaded;
      if (!ready || pressing || picking || stopped) return;
      const handoff = { ...snapshot(form), submitter };
      flushSync(() => setEngine({ ...ready, handoff }));
    };
    const load = () =>
      void loadFormEngine(loadSchema).then(
        (ready) => {
          loaded = ready;
          swap();
        },
        () => {
          // The code could not be loaded: a send that waited for it goes as a plain post.
          if (submitter === undefined || stopped) return;
          const button = submitter === -1 ? null : form.elements[submitter];
          submitter = undefined;
          form.removeEventListener("submit", send);
          form.requestSubmit(button instanceof HTMLButtonElement ? button : null);
        },
      );
    const press = () => {
      pressing = true;
      load();
    };
    const release = () =>
      setTimeout(() => {
        pressing = false;
        swap();
      });
    const isFileInput = (target: EventTarget | null) =>
      target instanceof HTMLInputElement && target.type === "file";
    const pick = (event: Event) => {
      if (isFileInput(event.target)) picking = true;
    };
    const picked = (event: Event) => {
      if (!isFileInput(event.target)) return;
      picking = false;
      swap();
    };
    // Sent before the code is here: sent again, by Conform, once it is.
    const send = (event: SubmitEvent) => {
      event.preventDefault();
      submitter = event.submitter ? Array.from(form.elements).indexOf(event.submitter as Element) : -1;
      load();
    };
    const listening = new AbortController();
    const { signal } = listening;
    form.addEventListener("focusin", load, { signal });
    form.addEventListener("pointerenter", load, { signal });
    form.addEventListener("pointerdown", press, { signal });
    form.addEventListener("submit", send, { signal });
    form.addEventListener("click", pick, { signal });
    form.addEventListener("change", picked, { signal });
    form.addEventListener("cancel", picked, { signal, capture: true });
    document.addEventListener("pointerup", release, { signal });
    document.addEventListener("pointercancel", release, { signal });
    if (eager) load();
    return () => {
      stopped = true;
      listening.abort();
    };
  }, [engine, eager, id, loadSchema]);

  if (engine) {
    return (
      <engine.Engine {...options} schema={engine.schema} handoff={engine.handoff}>
        {children}
      </engine.Engine>
    );
  }
  const reply = options.initialReply;
  const values = (reply?.result.initialValue ?? {}) as Record<string, unknown>;
  return children({
    id,
    field: (name) => ({
      key: undefined,
      name,
      errors: reply?.result.error?.[name] ?? undefined,
      initialValue: values[name] as FormField["initialValue"],
    }),
    // Until the code is here, a send waits for it (the listener above).
    onSubmit: () => {},
    busy: false,
    progress: undefined,
    formMessage: reply?.formMessage,
    captcha: null,
    captchaStart: "never",
  });
}

/** What the visitor typed or chose and where the focus is. */
function snapshot(form: HTMLFormElement): FormHandoff {
  const values: Record<string, string> = {};
  const files: Record<string, File[]> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") values[name] = value;
    // An input with no file chosen sends one empty, nameless file.
    else if (value.size > 0 || value.name !== "") (files[name] ??= []).push(value);
  }
  const active = document.activeElement;
  const index = active ? Array.from(form.elements).indexOf(active) : -1;
  if (index === -1) return { values, files };
  const text =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : undefined;
  // Inputs such as type="email" have no selection (null).
  return {
    values,
    files,
    focus: { index, selectionStart: text?.selectionStart ?? null, selectionEnd: text?.selectionEnd ?? null },
  };
}
