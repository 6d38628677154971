import { useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { captchaTexts, noScriptNotice } from "~/content/forms";
import { whatsappLink, type CompanyInfo } from "~/content/company";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { captchaChallengePath, captchaFieldName, honeypotFieldName, type FormName } from "~/lib/submission";

/** The ALTCHA element once upgraded (only what we use). */
interface AltchaElement extends HTMLElement {
  verify?: () => Promise<void> | void;
  reset?: () => void;
  getState?: () => string;
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        language?: string;
        auto?: string;
      };
    }
  }
}

export interface CaptchaHandle {
  /** Solves the challenge if it is not solved yet; false when it failed or expired. */
  ensureSolved(): Promise<boolean>;
  /** Forgets the solution (it was used or refused) and solves a new challenge for the next send. */
  reset(): void;
}

let widgetModule: Promise<unknown> | undefined;
/** Loads (once) and runs the widget's code; also used to fetch it before a dialog opens (kit-actions.tsx). */
export function loadCaptchaWidget() {
  widgetModule ??= import("~/lib/altcha-widget");
  return widgetModule;
}

/** Waits, at most a second, until `ready()` holds. */
async function until(ready: () => boolean) {
  for (let attempt = 0; attempt < 50 && !ready(); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the element has been upgraded and exposes its methods. */
async function upgraded(element: AltchaElement): Promise<AltchaElement> {
  await loadCaptchaWidget();
  await customElements.whenDefined("altcha-widget");
  await until(() => typeof element.verify === "function");
  return element;
}

/**
 * What every public form carries besides its fields (docs/product.md#d13): the honeypot, the ALTCHA
 * widget (loaded when the visitor first touches the form, at once with `start="mount"`, or not
 * before its form's code runs with `start="never"`) and, without JavaScript, a notice offering
 * WhatsApp and e-mail instead.
 */
export function CaptchaField({
  ref,
  form,
  company,
  start = "touch",
  tone = "light",
}: {
  ref: React.Ref<CaptchaHandle>;
  /** The form the challenges are issued for (a solution for another form is refused). */
  form: FormName;
  company: Pick<CompanyInfo, "email" | "whatsappNumber">;
  start?: "touch" | "mount" | "never";
  /** The background the form sits on (the footer's is dark). */
  tone?: "light" | "dark";
}) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement>(null);
  const [active, setActive] = useState(start === "mount");
  const solving = useRef<Promise<boolean> | undefined>(undefined);

  const solve = useCallback(async (): Promise<boolean> => {
    const element = widget.current;
    if (!element) return false;
    const ready = await upgraded(element);
    if (ready.getState?.() === "verified") return true;
    return new Promise<boolean>((resolve) => {
      const onChange = (event: Event) => {
        const state = (event as CustomEvent<{ state: string }>).detail?.state;
        if (state === "verified" || state === "error" || state === "expired") {
          ready.removeEventListener("statechange", onChange);
          resolve(state === "verified");
        }
      };
      ready.addEventListener("statechange", onChange);
      if (ready.getState?.() !== "verifying") void ready.verify?.();
    });
  }, []);

  const ensureSolved = useCallback(() => {
    setActive(true);
    solving.current ??= (async () => {
      // Rendering the widget (setActive) happens on the next commit.
      await until(() => widget.current !== null);
      try {
        return await solve();
      } finally {
        solving.current = undefined;
      }
    })();
    return solving.current;
  }, [solve]);

  useImperativeHandle(
    ref,
    () => ({
      ensureSolved,
      reset() {
        solving.current = undefined;
        widget.current?.reset?.();
        // A fresh challenge at once: the widget shows "Verificado" again, ready for the next send.
        void ensureSolved();
      },
    }),
    [ensureSolved],
  );

  // The first touch of the form loads the widget and starts the work, while the visitor types:
  // once the frame that the touch (or the form's mounting) changed is painted (a task posted from
  // a requestAnimationFrame callback runs after that frame; docs/decisions/066).
  useEffect(() => {
    const form = container.current?.closest("form");
    if (!form || start === "never") return;
    const solve = () => requestAnimationFrame(() => setTimeout(ensureSolved));
    const listening = new AbortController();
    if (start === "mount") solve();
    form.addEventListener("focusin", solve, { once: true, signal: listening.signal });
    form.addEventListener("pointerdown", solve, { once: true, signal: listening.signal });
    return () => listening.abort();
  }, [start, ensureSolved]);

  return (
    <div ref={container}>
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label>
          {captchaTexts.honeypotLabel}
          <input type="text" name={honeypotFieldName} defaultValue="" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {hydrated ? (
        // The same height before and after the widget appears, so nothing below it moves
        // (a moving submit button would swallow the click that loaded the widget).
        <div className="min-h-[4.75rem]">
          {active ? (
            <altcha-widget
              ref={widget}
              challenge={captchaChallengePath(form)}
              name={captchaFieldName}
              language="es-419"
              auto="off"
            />
          ) : (
            <p className={cn("text-xs", tone === "dark" ? "text-stone-400" : "text-subtle-foreground")}>
              {captchaTexts.privacyNote}
            </p>
          )}
        </div>
      ) : (
        <noscript>
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {noScriptNotice.text}{" "}
            <a className="font-semibold underline" href={whatsappLink(company)}>
              {noScriptNotice.whatsappLabel}
            </a>{" "}
            ·{" "}
            <a className="font-semibold underline" href={`mailto:${company.email}`}>
              {company.email}
            </a>
          </p>
        </noscript>
      )}
    </div>
  );
}
