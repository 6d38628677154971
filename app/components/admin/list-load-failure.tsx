/**
 * An admin screen whose data could not be read: its heading and SPEC §8's failure text
 * ("No se pudieron cargar las compras."), announced, in place of the page.
 */
export function ListLoadFailure({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="mt-4 font-medium text-red-800">
        {message}
      </p>
    </div>
  );
}
