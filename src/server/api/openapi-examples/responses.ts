import { AUTO_MODEL } from '@/contracts/chat';
import { NOW } from './common';
import type { OperationExample } from './types';

const ID = 'resp_6f1c2a9e4b7d4e0a9c3b5d8e2f1a4c7b';

/** A text answer as `POST /api/responses` gives it and `GET /api/responses/{id}` reads it back. */
const response = {
  id: ID,
  object: 'response',
  created_at: Date.parse(NOW) / 1000,
  status: 'completed',
  error: null,
  incomplete_details: null,
  model: AUTO_MODEL,
  output: [
    {
      type: 'message',
      id: `msg_${ID.slice(5)}_0`,
      status: 'completed',
      role: 'assistant',
      content: [
        {
          type: 'output_text',
          text: '我是 Studio 的助手，可以帮你写文案、出图和做视频。',
          annotations: [],
          logprobs: [],
        },
      ],
    },
  ],
  previous_response_id: null,
  store: true,
  usage: {
    input_tokens: 14,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 23,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 37,
  },
  credits: 1,
};

/** Worked examples of OpenAI's Responses API as Studio serves it. */
export const responsesExamples: Record<string, OperationExample> = {
  'POST /responses': {
    body: { model: AUTO_MODEL, instructions: '回答简短。', input: '用一句话介绍你自己' },
    response,
  },
  'GET /responses/{id}': { path: { id: ID }, response },
};
