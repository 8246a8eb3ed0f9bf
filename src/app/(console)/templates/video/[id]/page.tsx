import { templateMetadata, templateRoute } from '@/components/templates/template-route';

export const generateMetadata = templateMetadata(true);

export default templateRoute(true);
