import type { Messages } from 'next-intl';
import type { ComponentType, SVGProps } from 'react';
import {
  ArticlesIcon,
  ChatIcon,
  ClaimCodeIcon,
  ConvertIcon,
  CodeIcon,
  PipelinesIcon,
  ImageIcon,
  JobsIcon,
  KeyIcon,
  MembersIcon,
  OverviewIcon,
  PlaygroundIcon,
  SkillsIcon,
  TemplatesIcon,
  UploadsIcon,
  UsageIcon,
  UserIcon,
  VideoIcon,
  WarningIcon,
  WebhooksIcon,
} from '@/components/icons';

export interface NavItem {
  /** Its name in the catalogue (`shell.nav`). */
  label: keyof Messages['shell']['nav'];
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Absent while the area is not available yet: shown, but not a link. */
  href?: string;
  /** Organisation accounts only: hidden from a buyer's platform account. */
  organisation?: boolean;
}

export interface NavGroup {
  /** Its heading in the catalogue (`shell.groups`). */
  title?: keyof Messages['shell']['groups'];
  items: NavItem[];
}

export const workspaceNav: NavItem[] = [
  { label: 'overview', href: '/overview', icon: OverviewIcon },
  { label: 'jobs', href: '/jobs', icon: JobsIcon },
  { label: 'webhooks', href: '/webhooks', icon: WebhooksIcon },
  { label: 'playground', href: '/playground', icon: PlaygroundIcon },
  { label: 'reading', href: '/reading', icon: ImageIcon },
  { label: 'imageTemplate', href: '/image-template', icon: ConvertIcon, organisation: true },
  { label: 'videos', href: '/videos', icon: VideoIcon },
  { label: 'chat', href: '/chat', icon: ChatIcon },
  { label: 'skills', href: '/skills', icon: SkillsIcon },
  { label: 'templates', href: '/templates', icon: TemplatesIcon },
  { label: 'articles', href: '/articles', icon: ArticlesIcon },
];

export const manageNav: NavItem[] = [
  { label: 'members', href: '/members', icon: MembersIcon, organisation: true },
  { label: 'keys', href: '/keys', icon: KeyIcon },
  { label: 'claims', href: '/claims', icon: ClaimCodeIcon, organisation: true },
  { label: 'pipelines', href: '/pipelines', icon: PipelinesIcon, organisation: true },
  { label: 'usage', href: '/usage', icon: UsageIcon, organisation: true },
  { label: 'alerts', href: '/alerts', icon: WarningIcon },
  { label: 'calls', href: '/calls', icon: JobsIcon },
  { label: 'uploads', href: '/uploads', icon: UploadsIcon },
  { label: 'account', href: '/account', icon: UserIcon },
  { label: 'sso', href: '/sso', icon: KeyIcon, organisation: true },
];

export const developerNav: NavItem[] = [{ label: 'docs', href: '/docs', icon: CodeIcon }];

/**
 * The console's navigation. An organisation sees every area; a buyer's platform account only what it
 * can use, in one list (its uploads join the workspace items rather than a "Manage" group of one).
 */
export function navGroups(personal: boolean): NavGroup[] {
  if (!personal) {
    return [
      { items: workspaceNav },
      { title: 'manage', items: manageNav },
      { title: 'developers', items: developerNav },
    ];
  }
  const forBuyer = (items: NavItem[]) => items.filter((i) => !i.organisation);
  return [
    { items: [...forBuyer(workspaceNav), ...forBuyer(manageNav)] },
    { title: 'developers', items: forBuyer(developerNav) },
  ];
}
