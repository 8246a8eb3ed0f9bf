import { randomUUID } from 'node:crypto';
import { AUTO_MODEL } from '@/contracts/chat';
import { logger } from '@/server/logger';
import { chatProvider } from '@/server/upstreams/providers';
import type { ChatChunk, ChatCompletion } from '@/server/upstreams/providers/types';
import { countedStream } from '@/server/metrics/registry';
import { planOrThrow, recordAttempt, RoutingExhausted, runChain } from '@/server/upstreams/engine';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { AppError } from '@/server/errors';
import { checkOwnFiles } from '@/server/domain/jobs/submit-inputs';
import { admitModel } from '@/server/domain/keys/policy';
import { chatErrorAnswer } from './errors';
import {
  countedCompletionTokens,
  countedPromptTokens,
  countedUsage,
  creditsFor,
  priceOf,
  promptTokenBound,
  type TokenUsage,
} from './pricing';
import { parseChat, upstreamBody } from './request';
import { streamHead } from './stream-head';
import { logChatCall, type ChatCall } from './call-record';
import { boundPrice, reserve, settle, tokensNote, type Reservation } from './charge';
import { imageUrls, MID_STREAM_ERROR, scrub, STREAM_HEADERS, usageOf } from './answer-parts';
import { StreamRelay } from './stream-relay';
import type { ChatCaller, ChatDeps, ChatOutput, StreamStart } from './types';

export type { ChatCaller, ChatDeps, ChatOutput } from './types';

/**
 * Answers one chat request: checks it, applies the per-key rate limit, plans the route (capability
 * filter first), reserves the most it can cost, calls upstreams through the fallback chain until one
 * answers (for a stream: until its first chunk arrives, so fallback happens before the first byte),
 * passes the answer on without naming the upstream, and settles the charge to the exact usage.
 * Errors before anything was sent are thrown (the transport answers them in its dialect); after the
 * stream has started they end it with OpenAI's error event.
 */
export async function proxyChat(
  deps: ChatDeps,
  caller: ChatCaller,
  body: unknown,
  out: ChatOutput,
  signal: AbortSignal,
): Promise<void> {
  const counted = countedStream(out, 'chat');
  const admitted: { reserving?: Promise<Reservation> } = {};
  const call: ChatCall = {};
  const began = new Date();
  const started = performance.now();
  let thrown: unknown = null;
  try {
    await streamChat(deps, caller, body, counted.out, signal, admitted, call);
  } catch (err) {
    thrown = err;
    throw err;
  } finally {
    counted.close();
    logChatCall(deps, caller, call, thrown ?? call.error ?? null, began, Math.round(performance.now() - started));
    // An unexpected error between admission and charge frees the bound instead of keeping it held.
    void admitted.reserving?.then(
      (r) => {
        if (!r.ticket.done) settle(deps, caller, r, 0, '');
      },
      () => undefined,
    );
  }
}

async function streamChat(
  deps: ChatDeps,
  caller: ChatCaller,
  body: unknown,
  out: ChatOutput,
  signal: AbortSignal,
  admitted: { reserving?: Promise<Reservation> },
  call: ChatCall,
): Promise<void> {
  const started = performance.now();
  const chat = parseChat(body);
  call.model = chat.model ?? null;
  // A key's `models`: refused (403) before anything is reserved or sent upstream.
  admitModel(caller.who, chat.model);
  // An image on Studio's own file host must be the caller's, as for image generation; other
  // addresses and data URLs go to the upstream as they are (the upstream fetches them, not Studio).
  const own = imageUrls(chat.request).filter((i) => deps.files.keyOf(i.url) !== null);
  if (own.length > 0) await checkOwnFiles({ db: deps.db, files: deps.files }, caller.who, own);
  const { chat: limits } = deps.config;
  const plan = await planOrThrow(
    deps.db,
    { media: 'chat', model: chat.model, provider: chat.provider, binding: caller.binding, needs: chat.needs },
    deps.random,
  );
  const price = boundPrice(deps, new Set(plan.chain.map((c) => c.model.family)));
  const completionBound = (chat.maxTokens ?? limits.maxCompletionTokens) * chat.choices;
  const id = randomUUID();
  const ref = `chat-${id}`;
  call.ref = ref;
  // The reservation is sent now and the route is prepared while the database answers; the first
  // upstream call waits for it (runChain's gate), so no upstream is called before it has passed.
  const reserving = reserve(
    deps,
    caller,
    ref,
    creditsFor(
      price,
      {
        prompt_tokens: promptTokenBound(chat.request),
        completion_tokens: completionBound,
      },
      deps.config.prices.chatMinimum,
    ),
  );
  // Every path below awaits it; this only keeps a refusal from counting as unhandled meanwhile.
  reserving.catch(() => undefined);
  admitted.reserving = reserving;
  const label = (family: string) => (chat.model ? family : AUTO_MODEL);
  const answerId = `chatcmpl-${id.replaceAll('-', '')}`;
  const log = { ref, tenant: caller.who.tenantId, stream: chat.stream };
  const payload = upstreamBody(chat);
  let rejection: string | null = null;
  const opts = {
    ref,
    tenantId: caller.who.tenantId,
    signal,
    gate: reserving,
    ...(deps.retryDelayMs ? { retryDelayMs: deps.retryDelayMs } : {}),
  };
  const remember = (err: unknown, target: Target) => {
    if (err instanceof UpstreamError && (err.errorClass === 'bad_request' || err.errorClass === 'unsupported'))
      rejection = scrub(err.message, target);
  };
  /** The caller's 400 when upstreams refused the request itself; otherwise the routing failure. */
  const failure = (err: unknown): unknown =>
    err instanceof RoutingExhausted && rejection && (err.lastClass === 'bad_request' || err.lastClass === 'unsupported')
      ? new AppError('BAD_REQUEST', `The request was refused as invalid: ${rejection}`)
      : err;
  /**
   * What the caller is told when the chain failed: a refused reservation (402, 429) comes first, as
   * nothing else was tried; otherwise the reservation is given back whole and the routing failure told.
   */
  const unwind = async (err: unknown): Promise<unknown> => {
    let reservation: Reservation;
    try {
      reservation = await reserving;
    } catch (refusal) {
      return refusal;
    }
    settle(deps, caller, reservation, 0, '');
    return failure(err);
  };

  if (!chat.stream) {
    let routed;
    try {
      routed = await runChain(
        deps.db,
        deps.config.secret,
        plan.chain,
        async (target, model, s) => {
          try {
            const chat = chatProvider(target);
            return await chat.complete(target, chat.bodyFor(model, payload), s);
          } catch (err) {
            remember(err, target);
            throw err;
          }
        },
        opts,
      );
    } catch (err) {
      throw await unwind(err);
    }
    const reservation = await reserving;
    const completion: ChatCompletion & { system_fingerprint?: unknown; credits?: number } = routed.result;
    // The upstream's usage is what it bills Studio: charged as reported, even above the bound.
    const usage =
      usageOf(completion.usage) ??
      (await countedUsage(
        chat.request,
        completion.choices.map((c) => c.message.content ?? JSON.stringify(c.message.tool_calls ?? '')),
      ));
    const credits = creditsFor(priceOf(deps.config, routed.family), usage, deps.config.prices.chatMinimum);
    settle(deps, caller, reservation, credits, tokensNote(usage));
    Object.assign(call, { family: routed.family, usage, credits });
    completion.id = answerId;
    completion.model = label(routed.family);
    delete completion.system_fingerprint;
    completion.usage ??= { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    completion.credits = credits;
    out.json(200, completion, { 'x-studio-credits': String(credits) });
    // Logged once the answer has left.
    logger.info(
      { ...log, family: routed.family, ...usage, credits, ms: Math.round(performance.now() - started) },
      'chat answered',
    );
    return;
  }

  // Streaming. The route is taken before the first byte: each attempt waits for its first chunk.
  let opened = false;
  const open = () => {
    if (opened) return;
    opened = true;
    out.open(STREAM_HEADERS);
  };
  // An upstream slow to start: the caller gets the stream's headers and comment lines meanwhile, so
  // proxies in between keep the connection; from then on a failure is an error event, not a status.
  let waiting: NodeJS.Timeout | undefined = setInterval(() => {
    open();
    void out.write(': waiting for the upstream\n\n');
  }, limits.heartbeatMs);
  let routed;
  try {
    routed = await runChain<StreamStart>(
      deps.db,
      deps.config.secret,
      plan.chain,
      async (target, model, s) => {
        const abort = new AbortController();
        const relay = () => abort.abort(s.reason);
        s.addEventListener('abort', relay, { once: true });
        try {
          const chat = chatProvider(target);
          const rest = (await chat.stream(target, chat.bodyFor(model, payload), abort.signal))[Symbol.asyncIterator]();
          return { head: await streamHead(rest), rest, abort, target };
        } catch (err) {
          abort.abort();
          remember(err, target);
          throw err;
        } finally {
          s.removeEventListener('abort', relay);
        }
      },
      opts,
    );
  } catch (err) {
    clearInterval(waiting);
    const e = await unwind(err);
    if (!opened) throw e;
    call.error = e;
    // The stream had started (a slow upstream's heartbeat): the failure is its last event.
    if (!signal.aborted) await out.write(`data: ${JSON.stringify(chatErrorAnswer(e, 'openai').body)}\n\n`);
    out.end();
    return;
  }
  clearInterval(waiting);
  waiting = undefined;
  const reservation = await reserving;

  const { head, rest, abort, target } = routed.result;
  const model = label(routed.family);
  const relay = new StreamRelay(out, { id: answerId, model, includeUsage: chat.includeUsage });
  let failed: UpstreamError | null = null;
  const streamStarted = Date.now();
  const forward = (chunk: ChatChunk) => relay.forward(chunk);

  open();
  // The first chunks leave before the stream's watchers are set up: they are not on their way.
  const firstWritten =
    head.length === 1
      ? forward(head[0] as ChatChunk)
      : (async () => {
          for (const chunk of head) await forward(chunk);
        })();
  const onClientGone = () => abort.abort();
  signal.addEventListener('abort', onClientGone, { once: true });
  if (signal.aborted) abort.abort();
  // Quiet upstream: a comment line every heartbeat; silent past its soft time-out, it is given up.
  const heartbeat = setInterval(
    () => {
      if (Date.now() - relay.lastChunk >= target.softTimeoutMs) abort.abort();
      else void out.write(': keep-alive\n\n');
    },
    Math.min(limits.heartbeatMs, target.softTimeoutMs),
  );

  try {
    await firstWritten;
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      await forward(next.value);
    }
  } catch (err) {
    failed =
      err instanceof UpstreamError
        ? err
        : new UpstreamError('network', 'the upstream stream broke off', { cause: err });
  } finally {
    clearInterval(heartbeat);
    signal.removeEventListener('abort', onClientGone);
  }

  const clientGone = signal.aborted;
  if (failed && !clientGone) {
    // The failure counts against the upstream's health like any failed attempt.
    recordAttempt(
      deps.db,
      {
        upstreamId: routed.upstreamId,
        channel: routed.channel,
        family: routed.family,
        ref,
        tenantId: caller.who.tenantId,
      },
      streamStarted,
      false,
      failed.errorClass,
      1,
      routed.chainPosition,
    );
    logger.info({ ...log, cls: failed.errorClass }, 'chat stream broke off');
  }
  // No usage reported (the stream broke off, the caller left, or the upstream sends none): the prompt
  // as the tokenizer counts every billed part, and what was delivered.
  const final: TokenUsage = relay.usage ?? {
    prompt_tokens: await countedPromptTokens(chat.request),
    completion_tokens: await countedCompletionTokens(relay.streamed.filter((s) => s !== undefined)),
  };
  const credits = creditsFor(priceOf(deps.config, routed.family), final, deps.config.prices.chatMinimum);
  Object.assign(call, { family: routed.family, usage: final, credits });
  if (failed) call.ended = { status: 'failed', errorCode: 'upstream_stream_broken', note: 'the stream broke off' };
  else if (signal.aborted) call.ended = { note: 'the caller left' };
  settle(
    deps,
    caller,
    reservation,
    credits,
    tokensNote(final, failed ? 'chat (the stream broke off)' : clientGone ? 'chat (the caller left)' : 'chat'),
  );
  logger.info(
    {
      ...log,
      family: routed.family,
      ...final,
      credits,
      ms: Math.round(performance.now() - started),
      ...(clientGone ? { aborted: true } : {}),
    },
    'chat streamed',
  );
  if (clientGone) {
    out.end();
    return;
  }
  if (failed) {
    await out.write(
      `data: ${JSON.stringify({ error: { message: MID_STREAM_ERROR, type: 'server_error', code: 'upstream_stream_broken' } })}\n\n`,
    );
    out.end();
    return;
  }
  if (chat.includeUsage)
    await out.write(`data: ${JSON.stringify(relay.usageChunk(final, credits, streamStarted))}\n\n`);
  await out.write('data: [DONE]\n\n');
  out.end();
}
