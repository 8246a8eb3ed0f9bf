import { TEMPLATE_SLUG_TAKEN_ERROR } from '@/server/domain/templates/store';
import { route } from '@/server/api/meta';

export const createVideoTemplateMeta = route('POST /video-templates', 'Templates', 'Create a video template', {
  errors: [TEMPLATE_SLUG_TAKEN_ERROR],
  limit: 'template',
  description:
    '`zh_name`, `prompt_template`, `generation_configs` (`[{ratio, duration}]`, at least one), optional ' +
    '`slug` (unique; taken: 409), `fields`, `sample_cover_image`, `sample_video_url`, `description`, ' +
    '`category`, `gated`, `active`. Member keys: 403.',
});
