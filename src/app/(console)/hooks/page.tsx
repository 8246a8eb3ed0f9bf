import type { Metadata } from 'next';
import { HooksManager } from '@/components/hooks/hooks-manager';

export const metadata: Metadata = { title: 'Hooks' };

export default function HooksPage() {
  return <HooksManager />;
}
