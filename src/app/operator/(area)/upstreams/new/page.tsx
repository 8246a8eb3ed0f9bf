import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChannelEditor } from '@/components/operator/channels/channel-editor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorChannels');
  return { title: t('newMetaTitle') };
}

export default function NewChannelPage() {
  return <ChannelEditor />;
}
