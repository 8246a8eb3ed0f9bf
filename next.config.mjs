/** @type {import('next').NextConfig} */
const config = {
  // Native or process-wide packages stay outside the bundle so every route shares one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino'],
  poweredByHeader: false,
};

export default config;
