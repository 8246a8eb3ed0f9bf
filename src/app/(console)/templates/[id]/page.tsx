import { templateMetadata, templateRoute } from '@/components/templates/template-route';

export const generateMetadata = templateMetadata(false);

export default templateRoute(false);
