import { z } from 'zod';
import type { useTranslations } from 'next-intl';
import { pipelineBindSchema, pipelineUpdateSchema } from '@/contracts/pipelines';
import { optionalText, worded, type Words } from '@/components/console/form-rules';

const bind = pipelineBindSchema.shape;
const update = pipelineUpdateSchema.shape;

/** The refusals of the pipeline forms, from the `pipelines.form` catalogue (`useTranslations` or `getTranslations`). */
export type PipelineFormErrors = ReturnType<typeof useTranslations<'pipelines.form'>>;

/** The bind form and the edit form of one pipeline, refusing in the page's language. */
export function pipelineForms(t: PipelineFormErrors) {
  const noteWords: Words = {
    too_big: (issue) => t('noteTooLong', { max: 'maximum' in issue ? Number(issue.maximum) : 500 }),
  };

  const common = {
    image_template_slug: z.string().min(1, t('imageRequired')).pipe(worded(bind.image_template_slug)),
    /** null until the switch is used: a binding that exists keeps its state, a new one starts enabled. */
    enabled: z.boolean().nullable(),
    note: optionalText.pipe(worded(bind.note, noteWords)),
  };

  const target = (type: 'article' | 'video') =>
    z.string().min(1, t('targetRequired', { type })).pipe(worded(bind.hook_template_slug));

  /** The bind form; the downstream template is asked for in the words of the chosen type. */
  const bindFormSchema = z.discriminatedUnion('hook_type', [
    z.object({ ...common, hook_type: z.literal('article'), hook_template_slug: target('article') }),
    z.object({ ...common, hook_type: z.literal('video'), hook_template_slug: target('video') }),
  ]);

  /** The edit form of one pipeline: the body of `pipelines.update` less its id (a cleared note is sent, and clears it). */
  const editPipelineSchema = z.object({
    hook_template_slug: z.string().pipe(worded(update.hook_template_slug.unwrap())),
    enabled: z.boolean(),
    note: z.string().trim().pipe(worded(update.note.unwrap(), noteWords)),
  });

  return { bindFormSchema, editPipelineSchema };
}
