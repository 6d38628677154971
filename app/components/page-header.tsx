/** The title band at the top of an inner page. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="bg-stone-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h1 className="text-3xl font-bold sm:text-5xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-stone-200">{intro}</p> : null}
      </div>
    </div>
  );
}
