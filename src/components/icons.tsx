import type { ReactNode, SVGProps } from 'react';

/** The console's icons: 24-unit outline drawings (and a few solid 20-unit ones), sized and coloured by their caller. */
type IconProps = SVGProps<SVGSVGElement>;

function outline(drawing: ReactNode, strokeWidth = 1.75) {
  return function OutlineIcon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {drawing}
      </svg>
    );
  };
}

function solid(viewBox: string, drawing: ReactNode) {
  return function SolidIcon(props: IconProps) {
    return (
      <svg viewBox={viewBox} fill="currentColor" aria-hidden="true" {...props}>
        {drawing}
      </svg>
    );
  };
}

export const OverviewIcon = outline(
  <>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
  </>,
);

export const JobsIcon = outline(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </>,
);

export const PlaygroundIcon = outline(
  <>
    <path d="M10 3.5 11.7 8.3 16.5 10l-4.8 1.7L10 16.5l-1.7-4.8L3.5 10l4.8-1.7Z" />
    <path d="M18 14.5l.8 2 2 .8-2 .7-.8 2-.7-2-2-.7 2-.8Z" />
  </>,
);

export const TemplatesIcon = outline(
  <>
    <rect x="3.5" y="3.5" width="17" height="6" rx="1.5" />
    <rect x="3.5" y="13" width="7" height="7.5" rx="1.5" />
    <rect x="13.5" y="13" width="7" height="7.5" rx="1.5" />
  </>,
);

/** An image turning into a template: a picture, an arrow, a form. */
export const ConvertIcon = outline(
  <>
    <rect x="3" y="4.5" width="8" height="8" rx="1.5" />
    <path d="m3.5 11 2.5-2.5 2 2 1-1 1.5 1.5" />
    <path d="M14 8.5h3.5m0 0L16 7m1.5 1.5L16 10" />
    <rect x="13" y="13" width="8" height="7" rx="1.5" />
    <path d="M15.5 15.5h3M15.5 17.5h2" />
  </>,
);

export const SkillsIcon = outline(
  <>
    <path d="m4 20 10.5-10.5M12.5 7.5l4 4" />
    <path d="M17.5 3.5v3M16 5h3M20 9.5v2M19 10.5h2M9 3.5v2M8 4.5h2" />
  </>,
);

export const ArticlesIcon = outline(
  <>
    <path d="M14 3.5H6.5A1.5 1.5 0 0 0 5 5v14a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19V8.5Z" />
    <path d="M14 3.5v5h5M8.5 12.5h7M8.5 16h4.5" />
  </>,
);

export const MembersIcon = outline(
  <>
    <circle cx="9" cy="8" r="3.25" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <path d="M15.5 4.9a3.25 3.25 0 0 1 0 6.2M18 14.4c1.8.8 3 2.8 3 5.6" />
  </>,
);

export const ClaimCodeIcon = outline(
  <>
    <path d="M3.5 7.5A1.5 1.5 0 0 1 5 6h14a1.5 1.5 0 0 1 1.5 1.5V10a2 2 0 0 0 0 4v2.5A1.5 1.5 0 0 1 19 18H5a1.5 1.5 0 0 1-1.5-1.5V14a2 2 0 0 0 0-4Z" />
    <path d="M14.5 6v2M14.5 11v2M14.5 16v2" />
  </>,
);

export const PipelinesIcon = outline(
  <>
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </>,
);

export const UsageIcon = outline(
  <>
    <path d="M3.5 20.5h17" />
    <path d="M6.5 20.5v-7M12 20.5V5M17.5 20.5v-10" />
  </>,
);

export const UploadsIcon = outline(
  <>
    <path d="M12 15.5V4M7.5 8.5 12 4l4.5 4.5" />
    <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
  </>,
);

export const CodeIcon = outline(<path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />);

export const ChatIcon = outline(
  <path d="M7.5 18.5 4 20.5V6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v9a2.5 2.5 0 0 1-2.5 2.5h-10ZM8 9h8M8 13h5" />,
);

export const MenuIcon = outline(<path d="M4 7h16M4 12h16M4 17h16" />);

export const CloseIcon = outline(<path d="M6 6l12 12M18 6 6 18" />);

export const SignOutIcon = outline(
  <>
    <path d="M15 12H4M8 8l-4 4 4 4" />
    <path d="M13 4h5.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H13" />
  </>,
);

export const CopyIcon = outline(
  <>
    <rect x="9" y="9" width="11.5" height="11.5" rx="2" />
    <path d="M5.5 15H5a1.5 1.5 0 0 1-1.5-1.5V5A1.5 1.5 0 0 1 5 3.5h8.5A1.5 1.5 0 0 1 15 5v.5" />
  </>,
);

export const CheckIcon = outline(<path d="m5 12.5 4.5 4.5L19 7.5" />, 2.25);

export const ArrowRightIcon = outline(<path d="M5 12h14M13 6l6 6-6 6" />);

export const ExternalIcon = outline(
  <>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />
  </>,
);

export const KeyIcon = outline(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.7-8.7M16.5 6.5l2.5 2.5M14 9l2 2" />
  </>,
);

export const CoinsIcon = outline(
  <>
    <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
    <path d="M3.5 7v4c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5V7" />
    <path d="M9.5 16.4c.9.4 2.1.6 3.5.6 3 0 5.5-1.1 5.5-2.5v-4c0-1.1-1.5-2-3.6-2.4" />
  </>,
);

export const CalendarIcon = outline(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const UserIcon = outline(
  <>
    <circle cx="12" cy="8" r="3.75" />
    <path d="M4.5 20.5c0-4 3.4-6.5 7.5-6.5s7.5 2.5 7.5 6.5" />
  </>,
);

export const ImageIcon = outline(
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="9.5" r="1.75" />
    <path d="m4 17 4.6-4.6a1.5 1.5 0 0 1 2.1 0L15 16.7M13.5 15l1.6-1.6a1.5 1.5 0 0 1 2.1 0L20 16.2" />
  </>,
);

export const ArrowLeftIcon = outline(<path d="M19 12H5M11 6l-6 6 6 6" />);

export const ChevronDownIcon = outline(<path d="m6 9 6 6 6-6" />);

export const WarningIcon = outline(
  <>
    <path d="M10.3 4.2 2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9.5v4M12 17h.01" />
  </>,
);

export const InfoIcon = outline(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);

export const BeakerIcon = outline(
  <>
    <path d="M9 3.5h6M10 3.5v5.2L4.8 17.6A2 2 0 0 0 6.5 20.5h11a2 2 0 0 0 1.7-2.9L14 8.7V3.5" />
    <path d="M7.5 14.5h9" />
  </>,
);

export const ShieldIcon = outline(
  <>
    <path d="M12 3.5 5 6v5.5c0 4.3 2.9 7.7 7 9 4.1-1.3 7-4.7 7-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);

export const RefreshIcon = outline(
  <path d="M4.5 12a7.5 7.5 0 0 1 12.9-5.2L19.5 9M19.5 4.5V9H15M19.5 12a7.5 7.5 0 0 1-12.9 5.2L4.5 15M4.5 19.5V15H9" />,
);

export const LockIcon = outline(
  <>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
  </>,
);

export const SearchIcon = outline(
  <>
    <circle cx="10.5" cy="10.5" r="6" />
    <path d="m15 15 5 5" />
  </>,
);

export const FormIcon = outline(
  <>
    <rect x="3.5" y="4.5" width="17" height="5" rx="1.5" />
    <rect x="3.5" y="14.5" width="17" height="5" rx="1.5" />
    <path d="M6.5 7h4M6.5 17h4" />
  </>,
);

export const SentenceIcon = outline(
  <>
    <path d="M5 6.5h14a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-7.5L7 20v-3.5H5A1.5 1.5 0 0 1 3.5 15V8A1.5 1.5 0 0 1 5 6.5Z" />
    <path d="M7.5 11.5h9" />
  </>,
);

export const StarIcon = solid(
  '0 0 20 20',
  <path
    d={
      'M10 1.8a.8.8 0 0 1 .72.45l2.1 4.27 4.7.69a.8.8 0 0 1 .45 1.36l-3.4 3.32.8 4.69a.8.8 0 0 1-1.16.84L10 ' +
      '15.2l-4.21 2.22a.8.8 0 0 1-1.16-.84l.8-4.69-3.4-3.32a.8.8 0 0 1 .45-1.36l4.7-.69 2.1-4.27A.8.8 0 0 1 ' +
      '10 1.8Z'
    }
  />,
);

export const PlusIcon = outline(<path d="M12 5v14M5 12h14" />);

export const TrashIcon = outline(
  <path d="M4.5 7h15M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 1.8h6a2 2 0 0 0 2-1.8L18 7M9 7V5a1.5 1.5 0 0 1 1.5-1.5h3A1.5 1.5 0 0 1 15 5v2" />,
);

export const ArrowUpIcon = outline(<path d="M12 19V5M6 11l6-6 6 6" />);

export const ArrowDownIcon = outline(<path d="M12 5v14M6 13l6 6 6-6" />);

export const PencilIcon = outline(
  <path d="M15.2 5.2 18.8 8.8M4.5 19.5l1-4.2L16.3 4.5a1.8 1.8 0 0 1 2.6 0l.6.6a1.8 1.8 0 0 1 0 2.6L8.7 18.5Z" />,
);

export const ArticleIcon = outline(
  <>
    <path d="M7 3.5h7.5L19 8v11a1.5 1.5 0 0 1-1.5 1.5h-10A1.5 1.5 0 0 1 6 19V5a1.5 1.5 0 0 1 1-1.5Z" />
    <path d="M14 3.5V8h5M9 12.5h6M9 16h6" />
  </>,
);

export const VideoIcon = outline(
  <>
    <rect x="3.5" y="6" width="12.5" height="12" rx="2" />
    <path d="m16 10.5 4.5-2.5v8L16 13.5" />
  </>,
);

export const BracesIcon = outline(
  <path
    d={
      'M8 4.5c-1.7 0-2.5.8-2.5 2.5v2.3c0 1.1-.6 1.9-1.8 2.2v1c1.2.3 1.8 1.1 1.8 2.2V17c0 1.7.8 2.5 2.5 ' +
      '2.5M16 4.5c1.7 0 2.5.8 2.5 2.5v2.3c0 1.1.6 1.9 1.8 2.2v1c-1.2.3-1.8 1.1-1.8 2.2V17c0 1.7-.8 2.5-2.5 ' +
      '2.5'
    }
  />,
);

export const LinkIcon = outline(
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </>,
);

/** Webhooks: a signal sent out to a receiver. */
export const WebhooksIcon = outline(
  <>
    <path d="M12 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />
    <path d="M8.5 15.5a5 5 0 0 1 0-7M15.5 8.5a5 5 0 0 1 0 7M5.6 18.4a9 9 0 0 1 0-12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </>,
);

export const PowerIcon = outline(
  <>
    <path d="M12 3.5v8" />
    <path d="M7 6.3a7.5 7.5 0 1 0 10 0" />
  </>,
);

export const PlayIcon = solid(
  '0 0 20 20',
  <path d="M6.3 3.7A1 1 0 0 0 4.8 4.6v10.8a1 1 0 0 0 1.5.9l8.6-5.4a1 1 0 0 0 0-1.8Z" />,
);
