import createNextIntlPlugin from 'next-intl/plugin';

// The console's languages: the request's locale and catalogue come from src/i18n/request.ts.
const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/** @type {import('next').NextConfig} */
const config = {
  // Native or process-wide packages stay outside the bundle so every route shares one instance.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'sharp', 'pino', 'prom-client'],
  poweredByHeader: false,
};

export default withNextIntl(config);
