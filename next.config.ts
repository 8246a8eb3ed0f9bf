import type { NextConfig } from 'next';

const config: NextConfig = {
  // Native or process-wide packages stay outside the bundle so every route shares one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino'],
  poweredByHeader: false,
  // Type-checking and linting run as their own CI steps.
  typescript: { ignoreBuildErrors: true },
};

export default config;
