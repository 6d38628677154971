import { Toaster as Sonner } from "sonner";

/**
 * The page's toasts (sonner), as SPEC §4 has them: one visible at a time. Its stylesheet is
 * injected by sonner itself and allowed by the Content-Security-Policy through its hash
 * (services/csp-hashes.server.ts).
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
      containerAriaLabel="Notificaciones"
    />
  );
}
