import { proxyChat, type ChatCaller, type ChatDeps, type ChatOutput } from '@/server/domain/chat/proxy';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { completionToResponse, newResponseId, responseShell, type ResponseObject } from './output';
import { chatBody, chatMessages, parseResponses } from './request';
import { conversationOf, saveResponse } from './store';
import { responseEvents } from './stream';

/**
 * `POST /api/responses` (OpenAI's Responses API): the request becomes a chat completion request that
 * `proxyChat` serves as it serves chat (the same caller, rate limit, hold, routing, ledger row and
 * log), and its answer becomes a Response object or the Responses event stream. A stored response
 * (`store` not false) is written before the answer leaves, so the next turn can name it at once.
 */
export async function createResponse(
  deps: ChatDeps,
  caller: ChatCaller,
  body: unknown,
  out: ChatOutput,
  signal: AbortSignal,
): Promise<void> {
  const parsed = parseResponses(body);
  const context = await conversationOf(deps.db, caller.who, parsed.request.previous_response_id, parsed.items);
  const messages = chatMessages(context, parsed.request.instructions);
  if (!messages.some((m) => m.role !== 'system' && m.role !== 'developer'))
    throw new AppError('BAD_REQUEST', "'input' holds no message for the model to answer", {
      issues: [{ path: ['input'], message: 'holds no message' }],
    });
  const shell = responseShell(newResponseId(), parsed, Math.floor(Date.now() / 1000));
  const keep = async (response: ResponseObject): Promise<void> => {
    if (parsed.store) await saveResponse(deps.db, caller.who, context, response);
  };
  const chat = chatBody(parsed, messages);
  if (parsed.stream) {
    await proxyChat(deps, caller, chat, responseEvents(out, shell, keep), signal);
    return;
  }
  let answered: { body: unknown; headers: Record<string, string> } | null = null;
  const capture: ChatOutput = {
    json: (_status, answer, headers) => void (answered = { body: answer, headers }),
    open: () => undefined,
    write: () => undefined,
    end: () => undefined,
  };
  await proxyChat(deps, caller, chat, capture, signal);
  const done = answered as { body: unknown; headers: Record<string, string> } | null;
  if (!done) throw new Error('the chat core ended without an answer');
  const response = completionToResponse(shell, done.body as Parameters<typeof completionToResponse>[1]);
  try {
    await keep(response);
  } catch (err) {
    // Charged and answered all the same; only reading it back later fails.
    logger.error({ err, response: response.id }, 'a response could not be stored');
  }
  out.json(200, response, done.headers);
}
