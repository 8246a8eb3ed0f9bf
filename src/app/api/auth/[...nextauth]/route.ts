import { handlers } from '@/server/edge/next-auth';

export const { GET, POST } = handlers;
