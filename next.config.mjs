import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

/** @type {import('next').NextConfig} */
const config = {
  // Native or process-wide packages stay outside the bundle so every route shares one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino', 'prom-client'],
  poweredByHeader: false,
  // CI type-checks the whole project (`npm run typecheck`) before it builds; it says so with
  // STUDIO_TYPECHECKED=1 so the build does not check the same program a second time. Everyone else's
  // build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.STUDIO_TYPECHECKED === '1' },
  experimental: {
    // A page's code is loaded when the page is first asked for, not every route's at start: the REST
    // surface and chat are served in front of Next.js, and an instance that only serves them should
    // not hold the console's code (about 60 MB; docs/performance.md → Memory).
    preloadEntriesOnStart: false,
  },
  // Console pages that were renamed: old links and bookmarks keep working (the query string is kept).
  async redirects() {
    return [
      { source: '/read', destination: '/reading', permanent: true },
      { source: '/convert', destination: '/image-template', permanent: true },
      { source: '/hooks', destination: '/pipelines', permanent: true },
    ];
  },
};

/**
 * The console's languages: the request's locale and catalogue come from src/i18n/request.ts. The
 * plugin only sets build-time aliases, so the running server (`npm start`) does not load it — it
 * brings a native compiler and a file watcher with it (about 20 MB resident).
 */
export default async function nextConfig(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return config;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./src/i18n/request.ts')(config);
}
