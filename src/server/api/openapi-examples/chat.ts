import type { OperationExample } from './types';

/** `POST /api/chat` takes the same body and gives the same answer as the OpenAI-compatible path. */
const completion: OperationExample = {
  "body": {
    "model": "studio-auto",
    "messages": [
      {
        "role": "user",
        "content": "用一句话介绍你自己"
      }
    ]
  },
  "response": {
    "id": "chatcmpl-3f1c2a9e6b1d4c479a520d8e7b6f5a10",
    "object": "chat.completion",
    "created": 1795507200,
    "model": "studio-auto",
    "choices": [
      {
        "index": 0,
        "message": {
          "role": "assistant",
          "content": "我是 Studio 的助手，可以帮你写文案、出图和做视频。"
        },
        "finish_reason": "stop"
      }
    ],
    "usage": {
      "prompt_tokens": 14,
      "completion_tokens": 23,
      "total_tokens": 37
    },
    "credits": 1
  }
};

/** Worked examples of the OpenAI-compatible chat surface and its model list. */
export const chatExamples: Record<string, OperationExample> = {
  "POST /chat/completions": completion,
  "POST /chat": completion,
  "GET /models": {
    "response": {
      "object": "list",
      "data": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "object": "model",
          "created": 1,
          "owned_by": "studio"
        }
      ]
    }
  },
  "GET /models/{id}": {
    "path": {
      "id": "auto"
    },
    "response": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "object": "model",
      "created": 1,
      "owned_by": "studio"
    }
  }
};
