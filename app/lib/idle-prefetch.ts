/**
 * Code fetched ahead of its first use, once the page has loaded and settled (docs/decisions/066,
 * 078): the dialogs of "Comprar" and "Cotizar" (components/kit-actions.tsx) and the chat panel
 * (components/chatbot-launcher.tsx). Part of the site's chunk (vite.config.ts), which every page
 * loads anyway, so that the pages share one queue.
 */

/** A module a prefetch loads, and the steps it names (what else it needs, one step each). */
export interface PrefetchedModule<Component> {
  default: Component;
  prefetchSteps?: (() => Promise<unknown>)[];
}

/** A module's code: loaded once, then kept for the next use. */
export interface LazyCode<Component> {
  /** The module's component, once the module has run: rendered at once, without Suspense. */
  ready?: Component;
  load(): Promise<PrefetchedModule<Component>>;
  /** Resolves once the module has run (whoever loaded it); never starts the load itself. */
  loaded: Promise<void>;
}

/**
 * The code of `loadModule` (a dynamic import), loaded on the first `load()` and kept; a failed
 * load (a lost connection) is tried again next time. Its component, once here, is rendered in the
 * event that shows it rather than through React.lazy: React shows a Suspense boundary's content
 * 300 ms after its fallback at the earliest, which a tap would wait for.
 */
export function lazyCode<Component>(
  loadModule: () => Promise<PrefetchedModule<Component>>,
): LazyCode<Component> {
  let loading: Promise<PrefetchedModule<Component>> | undefined;
  let ran!: () => void;
  const code: LazyCode<Component> = {
    loaded: new Promise((resolve) => (ran = resolve)),
    load: () =>
      (loading ??= loadModule().then(
        (module) => {
          code.ready = module.default;
          ran();
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  return code;
}

/** The next idle period of the main thread (a timer where the browser has none). */
const idlePeriod = () =>
  new Promise((resolve) =>
    "requestIdleCallback" in window
      ? requestIdleCallback(resolve, { timeout: 3000 })
      : setTimeout(resolve, 50),
  );

/**
 * How long after the load event the prefetch waits: the page's own work comes first (images,
 * hydration, the chat button), and what measures a page's load (Lighthouse stops once the network
 * and the main thread have been quiet for a while) has ended by then.
 */
const prefetchDelayMs = 3000;
const queued = new Set<LazyCode<unknown>>();
let scheduled = false;

/**
 * Fetches and runs `code`, once the page has loaded and settled, one module per idle period (no
 * long task in the way of a scroll or a tap): every queued module first (what a tap opens), then
 * the steps they name. Not with the data saver on: the code then comes with the first use. A
 * failed step (a lost connection) is left for the first use.
 */
export function prefetchWhenIdle(code: LazyCode<unknown>): void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
  queued.add(code);
  if (scheduled) return;
  scheduled = true;
  void new Promise((resolve) => {
    if (document.readyState === "complete") resolve(null);
    else window.addEventListener("load", resolve, { once: true });
  })
    .then(() => new Promise((resolve) => setTimeout(resolve, prefetchDelayMs)))
    .then(async () => {
      const steps: (() => Promise<unknown>)[] = [];
      for (const next of queued) {
        await idlePeriod();
        steps.push(...((await next.load().catch(() => undefined))?.prefetchSteps ?? []));
      }
      queued.clear();
      scheduled = false;
      for (const step of steps) {
        await idlePeriod();
        await step().catch(() => {});
      }
    });
}
