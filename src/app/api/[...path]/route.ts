import { restOf } from '@/server/edge/rest/console';

export const dynamic = 'force-dynamic';

/** The REST surface when Next.js serves it (`next dev`): src/server/edge/rest/rest.ts. */
export {
  restOf as DELETE,
  restOf as GET,
  restOf as HEAD,
  restOf as OPTIONS,
  restOf as PATCH,
  restOf as POST,
  restOf as PUT,
};
