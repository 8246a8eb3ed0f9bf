import type { Metadata } from 'next';
import { templateRoute } from '@/components/templates/template-route';

export const metadata: Metadata = { title: 'Video template' };

export default templateRoute(true);
