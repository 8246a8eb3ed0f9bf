import { conversionOptionsSchema, type ConversionOptions } from '@/contracts/image-template';
import { requireOrganization } from '@/server/domain/auth/guard';
import { admitKeyRequest } from '@/server/api/key-admission';
import { AppError, fieldError } from '@/server/errors';
import { convertImage } from '@/server/domain/image-template/jobs';
import type { SessionIdentity } from '@/server/api/context';
import { answerImageEndpoint, readImageRequest } from './image-request';
import { describeZodError, zodIssues } from '@/server/api/zod-errors';

const OPTION_NAMES = new Set(Object.keys(conversionOptionsSchema.shape));

function checkName(name: string): void {
  if (!OPTION_NAMES.has(name)) {
    throw fieldError(
      [name],
      `is not a parameter of /api/image-to-template; it takes image_url or a file, and ${[...OPTION_NAMES].join(', ')}`,
    );
  }
}

function jsonText(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fieldError([name], 'must be JSON text in a form (for example {"title": "活动名称"})');
  }
}

/**
 * A form's fields are text: `variables` as repeated fields, a comma-separated list or a JSON array;
 * `variable_labels` and `template` as JSON objects; `create_template` and `async` as `true` or
 * `false`. Anything else stays text, so the contract refuses it naming the field.
 */
function fromForm(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value) && name !== 'variables') throw fieldError([name], 'give it once');
    const text = Array.isArray(value) ? null : String(value);
    switch (name) {
      case 'variables':
        if (Array.isArray(value)) out[name] = value;
        else if (text?.trim().startsWith('[')) out[name] = jsonText(name, text);
        else
          out[name] = (text ?? '')
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
        break;
      case 'variable_labels':
      case 'template':
        out[name] = jsonText(name, text ?? '');
        break;
      case 'create_template':
      case 'async':
        out[name] = text === 'true' ? true : text === 'false' ? false : text;
        break;
      default:
        out[name] = value;
    }
  }
  return out;
}

function optionsOf(params: Record<string, unknown>, multipart: boolean): ConversionOptions {
  const parsed = conversionOptionsSchema.safeParse(multipart ? fromForm(params) : params);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', describeZodError(parsed.error), { issues: zodIssues(parsed.error) });
  return parsed.data;
}

/**
 * `POST /api/image-to-template`: outside tRPC because it takes a JSON body or a multipart file. The
 * organisation's own key or console only: member keys get the "do not retry" 403, as do the
 * platform accounts buyers open with claim codes.
 */
export function handleImageToTemplateRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  return answerImageEndpoint(req, session, 'image-to-template', async (ctx) => {
    const who = requireOrganization(ctx, 'convert images into templates');
    await admitKeyRequest(ctx, who, 'image-to-template');
    const request = await readImageRequest(req, ctx.config.maxBodyBytes, checkName);
    const options = optionsOf(request.params, request.multipart);
    const answer = await convertImage(ctx, who, request.source, options);
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  });
}
