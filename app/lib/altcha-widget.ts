/**
 * The ALTCHA widget, loaded on demand (the first time a visitor touches a form), so pages pay for
 * it only when someone fills in a form. The "external" build keeps styles in a stylesheet and the
 * proof-of-work in a same-origin worker, which our Content-Security-Policy allows.
 */
import "altcha/external";
import "altcha/altcha.css";
import "altcha/i18n/es-419";
import ShaWorker from "altcha/workers/sha?worker";

globalThis.$altcha.algorithms.set("SHA-256", () => new ShaWorker());
