import { AUTO_MODEL } from '@/contracts/chat';
import { NOW } from './common';
import type { OperationExample } from './types';

/** A chat model as the OpenAI-compatible list shows it; `created` is the fixed date the list was first offered. */
const modelObject = (id: string) => ({ id, object: 'model', created: Date.UTC(2026, 0, 1) / 1000, owned_by: 'studio' });

/** `POST /api/chat` takes the same body and gives the same answer as the OpenAI-compatible path. */
const completion: OperationExample = {
  body: {
    model: AUTO_MODEL,
    messages: [
      {
        role: 'user',
        content: '用一句话介绍你自己',
      },
    ],
  },
  response: {
    id: 'chatcmpl-441a7257b59d428b9a19b3d0c7d1e2f4',
    object: 'chat.completion',
    created: Date.parse(NOW) / 1000,
    model: AUTO_MODEL,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: '我是 Studio 的助手，可以帮你写文案、出图和做视频。',
        },
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: 14,
      completion_tokens: 23,
      total_tokens: 37,
    },
    credits: 1,
  },
};

/** Worked examples of the OpenAI-compatible chat surface and its model list. */
export const chatExamples: Record<string, OperationExample> = {
  'POST /chat/completions': completion,
  'POST /chat': completion,
  'GET /models': {
    response: {
      object: 'list',
      data: [AUTO_MODEL, 'chatmodel-1', 'chatmodel-lite'].map(modelObject),
    },
  },
  'GET /models/{id}': {
    path: {
      id: AUTO_MODEL,
    },
    response: modelObject(AUTO_MODEL),
  },
};
