import type { Metadata } from 'next';
import { Playground } from '@/components/playground/playground';
import { getConfig } from '@/server/config';
import { currentMe } from '@/trpc/server';

export const metadata: Metadata = { title: 'Playground' };

export default async function PlaygroundPage() {
  const me = await currentMe();
  // Prices are the running server's settings, shown next to the quality choice.
  const { low, medium, high } = getConfig().prices.image;
  return <Playground initialMe={me} prices={{ low, medium, high }} />;
}
