import { TEMPLATE_SLUG_TAKEN_ERROR } from '@/server/domain/templates/store';
import { route } from '@/server/api/meta';

export const createTemplateMeta = route('POST /templates', 'Templates', 'Create an image or article template', {
  errors: [TEMPLATE_SLUG_TAKEN_ERROR],
  limit: 'template',
  description:
    'The owner is the calling tenant (the super-administrator key creates platform templates shared with ' +
    'every tenant). `slug` is unique across all tenants: a taken slug is 409 and never overwrites; ' +
    'without `slug` one is generated. Every `{key}` slot of `prompt_template` needs a field of that key ' +
    'and every field must be used; a template without fields takes one sentence in `{input}`. Article ' +
    'templates need `format`. Default reference images must be files Studio serves for your tenant. ' +
    'Member keys: 403. Unknown body keys: 400.',
});
