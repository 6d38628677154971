/** The brand mark for dark backgrounds: emblem and wordmark. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="text-lg font-bold tracking-tight text-white">LifeBox</span>
    </span>
  );
}
