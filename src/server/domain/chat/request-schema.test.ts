import { describe, expect, it } from 'vitest';
import { chatMessageSchema } from '@/contracts/chat';
import { parseChat, upstreamBody } from './request';
import { chatRequestBody } from '@/server/upstreams/providers/openai-chat/openai-chat';
import {
  declared,
  deref,
  doc,
  json,
  problems,
  schemas,
  VERSION,
  type Schema,
} from '../../../../tests/helpers/openai-request-schemas';

/**
 * Every request body the OpenAI chat adapter builds, checked against the request schemas of OpenAI's
 * published OpenAPI document (tests/helpers/openai-request-schemas.ts). A body the document refuses is
 * one OpenAI refuses; the simulator is no proof, as it is only as strict as it was written.
 */

describe(`OpenAI chat adapter requests against OpenAI's OpenAPI ${VERSION} (${doc._source.repository}@${doc._source.commit.slice(0, 7)})`, () => {
  describe('chat', () => {
    const validate = json('CreateChatCompletionRequest');
    const user = (content: unknown) => ({ role: 'user', content });
    const weather = {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather of a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    };
    const png = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
    const CASES: Record<string, Record<string, unknown>> = {
      plain: {
        messages: [{ role: 'system', content: 'Be brief.' }, user('What is HTTP?')],
        temperature: 0.7,
        max_completion_tokens: 200,
      },
      streamed: { messages: [user('Tell me a story')], stream: true, stream_options: { include_usage: true } },
      'streamed without usage asked': { messages: [user('Tell me a story')], stream: true },
      tools: {
        messages: [user('Weather in Paris?')],
        tools: [weather],
        tool_choice: 'auto',
        parallel_tool_calls: false,
      },
      'named tool': {
        messages: [user('Weather in Paris?')],
        tools: [weather],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
      },
      'tool results': {
        messages: [
          user('Weather in Paris?'),
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"temp":21}' },
        ],
        tools: [weather],
      },
      // What LangChain JS sends on a tool agent's second turn: the answer's message as it came, and a
      // tool message with the function's `name`.
      'an answer sent back as it came (LangChain, the OpenAI SDKs)': {
        messages: [
          { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }], name: 'ops' },
          user([{ type: 'text', text: 'Weather in Paris?', prompt_cache_breakpoint: { mode: 'explicit' } }]),
          {
            role: 'assistant',
            content: null,
            refusal: null,
            annotations: [],
            audio: null,
            function_call: null,
            reasoning_content: 'The user wants the weather.',
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', name: 'get_weather', tool_call_id: 'call_1', content: [{ type: 'text', text: '21C' }] },
          {
            role: 'assistant',
            content: 'It is 21C.',
            refusal: null,
            tool_calls: null,
            annotations: [{ type: 'url_citation', url_citation: { url: 'https://example.com', title: 'x' } }],
          },
          user('And yesterday?'),
        ],
        tools: [weather],
      },
      'documented fields of every role': {
        messages: [
          { role: 'system', content: 'Be brief.', name: 'rules' },
          user('Weather?'),
          {
            role: 'assistant',
            content: [{ type: 'refusal', refusal: 'No.' }],
            refusal: 'No.',
            name: 'bot',
            audio: { id: 'audio_1' },
            function_call: { name: 'get_weather', arguments: '{}' },
          },
          { role: 'function', name: 'get_weather', content: null },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_2', type: 'custom', custom: { name: 'grep', input: 'rain' } }],
          },
          { role: 'tool', tool_call_id: 'call_2', content: 'none' },
        ],
      },
      'json schema': {
        messages: [user('Describe a cat as JSON')],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'cat',
            strict: true,
            schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      },
      'json object': { messages: [user('Answer in JSON')], response_format: { type: 'json_object' } },
      'image parts': {
        messages: [
          user([
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: png, detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } },
          ]),
        ],
      },
      sampling: {
        messages: [user('hi')],
        top_p: 0.9,
        n: 2,
        stop: ['END'],
        seed: 7,
        presence_penalty: 0.5,
        frequency_penalty: 0.5,
        logprobs: true,
        top_logprobs: 2,
        user: 'u-1',
        metadata: { a: 'b' },
        store: false,
      },
    };

    for (const [label, input] of Object.entries(CASES)) {
      it(`${label}: the body Studio's chat proxy sends is a valid request`, () => {
        const parsed = parseChat({ model: 'auto', provider: 'auto', ...input });
        const body = chatRequestBody('gpt-4.1-mini', upstreamBody(parsed), parsed.stream);
        expect(body).toMatchObject({ model: 'gpt-4.1-mini', stream: parsed.stream });
        if (parsed.stream) expect(body.stream_options).toEqual({ include_usage: true });
        expect(problems(validate, body, 'CreateChatCompletionRequest')).toEqual([]);
        // The document leaves messages open to unknown fields; an upstream of OpenAI's protocol need not be.
        (body.messages as Record<string, unknown>[]).forEach((m, i) => {
          const role = String(m.role);
          const schema = `ChatCompletionRequest${role[0]?.toUpperCase()}${role.slice(1)}Message`;
          expect(problems(json(schema), m, schema), `messages[${i}] (${VERSION})`).toEqual([]);
        });
      });
    }

    it(`accepts every field OpenAI's document (${VERSION}) gives a message of each role`, () => {
      const ROLES = ['developer', 'system', 'user', 'assistant', 'tool', 'function'];
      const choice = deref(schemas.ChatCompletionRequestMessage ?? {}) as Schema & { oneOf?: Schema[] };
      expect(choice.oneOf?.map((s) => s.$ref?.split('/').pop())).toEqual(
        ROLES.map((r) => `ChatCompletionRequest${r[0]?.toUpperCase()}${r.slice(1)}Message`),
      );
      const shape = chatMessageSchema.options.map((o) => [o.shape.role.value, Object.keys(o.shape)] as const);
      for (const role of ROLES) {
        const fields = declared(`ChatCompletionRequest${role[0]?.toUpperCase()}${role.slice(1)}Message`);
        const ours = shape.find(([r]) => r === role)?.[1] ?? [];
        expect(
          [...fields].filter((f) => !ours.includes(f)),
          role,
        ).toEqual([]);
      }
    });

    it('a tool message may name its function; the name is not sent on', () => {
      const parsed = parseChat({
        messages: [user('hi'), { role: 'tool', name: 'get_weather', tool_call_id: 'call_1', content: '21C' }],
      });
      expect(upstreamBody(parsed).messages[1]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '21C' });
    });

    it('what OpenAI refuses in a message is still refused', () => {
      const refused = (m: Record<string, unknown>) => () => parseChat({ messages: [user('hi'), m] });
      expect(refused({ role: 'assistant', content: 'x', foo: 1 })).toThrow(/messages\[1\]: foo/);
      expect(refused({ role: 'tool', tool_call_id: 'c', content: 'x', refusal: 'no' })).toThrow(/refusal/);
      expect(refused({ role: 'user', content: 'x', annotations: [] })).toThrow(/annotations/);
      expect(refused({ role: 'function', content: 'x' })).toThrow(/name/);
      expect(refused({ role: 'assistant', content: 'x', audio: { id: 'a', data: 'AAAA' } })).toThrow(/data/);
    });

    it('the upstream probe is a valid request that uses no deprecated parameter', () => {
      const body = chatRequestBody(
        'o4-mini',
        { messages: [{ role: 'user', content: 'ping' }], max_completion_tokens: 1 },
        false,
      );
      expect(problems(validate, body, 'CreateChatCompletionRequest')).toEqual([]);
      expect(
        (
          deref(schemas.CreateChatCompletionRequest ?? {}).allOf?.[1]?.properties?.max_tokens as {
            deprecated?: boolean;
          }
        ).deprecated,
      ).toBe(true);
      expect(body).not.toHaveProperty('max_tokens');
    });

    it("Studio's own parameters never reach the provider", () => {
      const parsed = parseChat({ model: 'chatmodel-1', provider: 'sim-chat-a', messages: [user('hi')] });
      const body = chatRequestBody('gpt-4.1-mini', upstreamBody(parsed), false);
      expect(body).not.toHaveProperty('provider');
      expect(problems(validate, { ...body, provider: 'x' }, 'CreateChatCompletionRequest')).toEqual([
        '/provider is not a parameter of CreateChatCompletionRequest',
      ]);
    });
  });
});
