import type { ReactNode, SVGProps } from 'react';

/** Small outline glyphs used only by the template and hook pages, drawn like the console's icons. */
type GlyphProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: GlyphProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export const LockGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Outline>
);

export const PlusGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M12 5v14M5 12h14" />
  </Outline>
);

export const TrashGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M4.5 7h15M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 1.8h6a2 2 0 0 0 2-1.8L18 7M9 7V5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5v2" />
  </Outline>
);

export const ArrowUpGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Outline>
);

export const ArrowDownGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Outline>
);

export const PencilGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M15.2 5.2 18.8 8.8M4.5 19.5l1-4.2L16.3 4.5a1.8 1.8 0 0 1 2.6 0l.6.6a1.8 1.8 0 0 1 0 2.6L8.7 18.5Z" />
  </Outline>
);

export const ArticleGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M7 3.5h7.5L19 8v11a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 6 19V5a1.5 1.5 0 0 1 1-1.5Z" />
    <path d="M14 3.5V8h5M9 12.5h6M9 16h6" />
  </Outline>
);

export const VideoGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <rect x="3.5" y="6" width="12.5" height="12" rx="2" />
    <path d="m16 10.5 4.5-2.5v8L16 13.5" />
  </Outline>
);

export const PlayGlyph = (p: GlyphProps) => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" {...p}>
    <path d="M6.3 3.7A1 1 0 0 0 4.8 4.6v10.8a1 1 0 0 0 1.5.9l8.6-5.4a1 1 0 0 0 0-1.8Z" />
  </svg>
);

export const BracesGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M8 4.5c-1.7 0-2.5.8-2.5 2.5v2.3c0 1.1-.6 1.9-1.8 2.2v1c1.2.3 1.8 1.1 1.8 2.2V17c0 1.7.8 2.5 2.5 2.5M16 4.5c1.7 0 2.5.8 2.5 2.5v2.3c0 1.1.6 1.9 1.8 2.2v1c-1.2.3-1.8 1.1-1.8 2.2V17c0 1.7-.8 2.5-2.5 2.5" />
  </Outline>
);

export const LinkGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Outline>
);

export const PowerGlyph = (p: GlyphProps) => (
  <Outline {...p}>
    <path d="M12 3.5v8" />
    <path d="M7 6.3a7.5 7.5 0 1 0 10 0" />
  </Outline>
);
