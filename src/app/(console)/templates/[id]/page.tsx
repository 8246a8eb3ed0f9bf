import type { Metadata } from 'next';
import { TemplatePage } from '@/components/templates/template-page';

export const metadata: Metadata = { title: 'Template' };

export default async function TemplateRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplatePage id={id} video={false} />;
}
