import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

// Same drawing conventions as icons.tsx: 24-unit outline glyphs that take the text colour.
function Outline({ children, ...props }: IconProps & { children: ReactNode }) {
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

export const ImageIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="9.5" r="1.75" />
    <path d="m4 17 4.6-4.6a1.5 1.5 0 0 1 2.1 0L15 16.7M13.5 15l1.6-1.6a1.5 1.5 0 0 1 2.1 0L20 16.2" />
  </Outline>
);

export const ArrowLeftIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Outline>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m6 9 6 6 6-6" />
  </Outline>
);

export const WarningIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M10.3 4.2 2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4M12 17h.01" />
  </Outline>
);

export const InfoIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5M12 8h.01" />
  </Outline>
);

export const BeakerIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M9 3.5h6M10 3.5v5.2L4.8 17.6A2 2 0 0 0 6.5 20.5h11a2 2 0 0 0 1.7-2.9L14 8.7V3.5" />
    <path d="M7.5 14.5h9" />
  </Outline>
);

export const ShieldIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M12 3.5 5 6v5.5c0 4.3 2.9 7.7 7 9 4.1-1.3 7-4.7 7-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Outline>
);

export const RefreshIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4.5 12a7.5 7.5 0 0 1 12.9-5.2L19.5 9M19.5 4.5V9H15M19.5 12a7.5 7.5 0 0 1-12.9 5.2L4.5 15M4.5 19.5V15H9" />
  </Outline>
);

export const StarIcon = (p: IconProps) => (
  <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" {...p}>
    <path d="M10 1.8a.8.8 0 0 1 .72.45l2.1 4.27 4.7.69a.8.8 0 0 1 .45 1.36l-3.4 3.32.8 4.69a.8.8 0 0 1-1.16.84L10 15.2l-4.21 2.22a.8.8 0 0 1-1.16-.84l.8-4.69-3.4-3.32a.8.8 0 0 1 .45-1.36l4.7-.69 2.1-4.27A.8.8 0 0 1 10 1.8Z" />
  </svg>
);
