import { TEMPLATE_UPDATE_ERRORS } from '@/server/domain/templates/store';
import { route } from '@/server/api/meta';

export const updateTemplateMeta = route('PATCH /templates', 'Templates', 'Update or deactivate a template', {
  errors: TEMPLATE_UPDATE_ERRORS,
  limit: 'template',
  description:
    'Body: `id` plus the fields to change (same names as create; `slug` and `type` cannot change). ' +
    '`active: false` deactivates: the template can no longer be used to generate, and stays listed for ' +
    'you so you can reactivate it. There is no delete. Another tenant’s template: 404; a platform ' +
    'template: 403.',
});
