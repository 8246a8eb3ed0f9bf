import type { ComponentType, SVGProps } from 'react';
import {
  ClaimCodeIcon,
  CodeIcon,
  HooksIcon,
  JobsIcon,
  MembersIcon,
  OverviewIcon,
  PlaygroundIcon,
  TemplatesIcon,
  UploadsIcon,
  UsageIcon,
} from '../icons';

export interface NavItem {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Absent while the area is not available yet: shown, but not a link. */
  href?: string;
}

export const workspaceNav: NavItem[] = [
  { label: 'Overview', href: '/overview', icon: OverviewIcon },
  { label: 'Jobs', href: '/jobs', icon: JobsIcon },
  { label: 'Playground', href: '/playground', icon: PlaygroundIcon },
  { label: 'Templates', icon: TemplatesIcon },
];

export const manageNav: NavItem[] = [
  { label: 'Members', icon: MembersIcon },
  { label: 'Claim codes', icon: ClaimCodeIcon },
  { label: 'Hooks', icon: HooksIcon },
  { label: 'Usage', icon: UsageIcon },
  { label: 'Uploads', icon: UploadsIcon },
];

export const developerNav: NavItem[] = [{ label: 'API reference', href: '/docs', icon: CodeIcon }];
