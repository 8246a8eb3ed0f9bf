import { TEMPLATE_UPDATE_ERRORS } from '@/server/domain/templates/store';
import { route } from '@/server/api/meta';

export const updateVideoTemplateMeta = route(
  'PATCH /video-templates',
  'Templates',
  'Update or deactivate a video template',
  {
    errors: TEMPLATE_UPDATE_ERRORS,
    limit: 'template',
    description:
      'Body: `id` plus the fields to change; `active: false` deactivates. Another tenant’s: 404; a platform one: 403.',
  },
);
