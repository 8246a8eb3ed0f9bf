import { AUTO_MODEL } from '@/contracts/chat';
import { apiBase, type SnippetLanguage } from '@/components/snippets/request-snippets';

export type { SnippetLanguage };

const QUESTION = '用一句话介绍你自己';

/** Ready-to-copy calls of the chat API; the key is always a placeholder read from the environment. */
export function chatSnippets(baseUrl: string): Record<SnippetLanguage, string> {
  const api = apiBase(baseUrl);
  return {
    curl: `curl ${api}/chat/completions \\
  -H "Authorization: Bearer $STUDIO_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model": "${AUTO_MODEL}",
    "messages": [{"role": "user", "content": "${QUESTION}"}]
  }'`,
    js: `import OpenAI from 'openai';

const client = new OpenAI({
  baseURL: '${api}',
  apiKey: process.env.STUDIO_API_KEY,
});

const stream = await client.chat.completions.create({
  model: '${AUTO_MODEL}',
  messages: [{ role: 'user', content: '${QUESTION}' }],
  stream: true,
  stream_options: { include_usage: true },
});

for await (const chunk of stream) {
  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');
  if (chunk.usage) console.log('\\n', chunk.usage, 'credits:', chunk.credits);
}`,
    python: `import os
from openai import OpenAI

client = OpenAI(
    base_url="${api}",
    api_key=os.environ["STUDIO_API_KEY"],
)

answer = client.chat.completions.create(
    model="${AUTO_MODEL}",
    messages=[{"role": "user", "content": "${QUESTION}"}],
)
print(answer.choices[0].message.content)`,
  };
}
