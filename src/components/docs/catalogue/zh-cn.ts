import articles from '../../../../messages/api-docs/zh-CN/articles.json';
import chat from '../../../../messages/api-docs/zh-CN/chat.json';
import claimCodes from '../../../../messages/api-docs/zh-CN/claim-codes.json';
import credits from '../../../../messages/api-docs/zh-CN/credits.json';
import general from '../../../../messages/api-docs/zh-CN/general.json';
import images from '../../../../messages/api-docs/zh-CN/images.json';
import members from '../../../../messages/api-docs/zh-CN/members.json';
import openaiImagesApi from '../../../../messages/api-docs/zh-CN/openai-images-api.json';
import operator from '../../../../messages/api-docs/zh-CN/operator.json';
import templates from '../../../../messages/api-docs/zh-CN/templates.json';
import uploads from '../../../../messages/api-docs/zh-CN/uploads.json';
import usage from '../../../../messages/api-docs/zh-CN/usage.json';
import videos from '../../../../messages/api-docs/zh-CN/videos.json';

/** The reference's Chinese, one file per group page (keys: `textKey` of the English beside it in `messages/api-docs/en/`). */
export const zhCatalogue: Record<string, Record<string, string>> = {
  articles: articles,
  chat: chat,
  'claim-codes': claimCodes,
  credits: credits,
  general: general,
  images: images,
  members: members,
  'openai-images-api': openaiImagesApi,
  operator: operator,
  templates: templates,
  uploads: uploads,
  usage: usage,
  videos: videos,
};
