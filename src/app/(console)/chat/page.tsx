import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prefetched } from '@/trpc/prefetched';
import { ChatView } from '@/components/chat/chat-view';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('chat');
  return { title: t('metaTitle') };
}

export default function ChatPage() {
  // The balance arrives with the page; the model list is the chat API's own, read by the browser.
  const reads = [api.session.me.prefetch()];
  return (
    <Prefetched reads={reads}>
      <ChatView baseUrl={getConfig().publicBaseUrl} />
    </Prefetched>
  );
}
