import type { ComponentType, SVGProps } from 'react';
import {
  ArticlesIcon,
  ChatIcon,
  ClaimCodeIcon,
  ConvertIcon,
  CodeIcon,
  HooksIcon,
  ImageIcon,
  JobsIcon,
  MembersIcon,
  OverviewIcon,
  PlaygroundIcon,
  SkillsIcon,
  TemplatesIcon,
  UploadsIcon,
  UsageIcon,
  VideoIcon,
} from '../icons';

export interface NavItem {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Absent while the area is not available yet: shown, but not a link. */
  href?: string;
  /** Organisation accounts only: hidden from a buyer's platform account. */
  organisation?: boolean;
}

export interface NavGroup {
  title?: string;
  items: NavItem[];
}

export const workspaceNav: NavItem[] = [
  { label: 'Overview', href: '/overview', icon: OverviewIcon },
  { label: 'Jobs', href: '/jobs', icon: JobsIcon },
  { label: 'Playground', href: '/playground', icon: PlaygroundIcon },
  { label: 'Image reading', href: '/read', icon: ImageIcon },
  { label: 'Image to template', href: '/convert', icon: ConvertIcon, organisation: true },
  { label: 'Video', href: '/videos', icon: VideoIcon },
  { label: 'Chat', href: '/chat', icon: ChatIcon },
  { label: 'Skills', href: '/skills', icon: SkillsIcon },
  { label: 'Templates', href: '/templates', icon: TemplatesIcon },
  { label: 'Articles', href: '/articles', icon: ArticlesIcon },
];

export const manageNav: NavItem[] = [
  { label: 'Members', href: '/members', icon: MembersIcon, organisation: true },
  { label: 'Claim codes', href: '/claims', icon: ClaimCodeIcon, organisation: true },
  { label: 'Hooks', href: '/hooks', icon: HooksIcon, organisation: true },
  { label: 'Usage', href: '/usage', icon: UsageIcon, organisation: true },
  { label: 'Uploads', href: '/uploads', icon: UploadsIcon },
];

export const developerNav: NavItem[] = [{ label: 'API reference', href: '/docs', icon: CodeIcon }];

/**
 * The console's navigation. An organisation sees every area; a buyer's platform account only what it
 * can use, in one list (its uploads join the workspace items rather than a "Manage" group of one).
 */
export function navGroups(personal: boolean): NavGroup[] {
  if (!personal) {
    return [{ items: workspaceNav }, { title: 'Manage', items: manageNav }, { title: 'Developers', items: developerNav }];
  }
  const forBuyer = (items: NavItem[]) => items.filter((i) => !i.organisation);
  return [{ items: [...forBuyer(workspaceNav), ...forBuyer(manageNav)] }, { title: 'Developers', items: forBuyer(developerNav) }];
}
