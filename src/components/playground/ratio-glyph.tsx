/** A small outline of the frame shape, e.g. a tall rectangle for 9:16. */
export function RatioGlyph({ ratio }: { ratio: string }) {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const longest = Math.max(w, h);
  return (
    <span aria-hidden="true" className="grid size-4 shrink-0 place-items-center">
      <span
        className="rounded-[2px] border-[1.5px] border-current opacity-70"
        style={{ width: `${(w / longest) * 14}px`, height: `${(h / longest) * 14}px` }}
      />
    </span>
  );
}
