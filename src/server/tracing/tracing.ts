import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';
import type { TracingSettings } from '@/server/config';
import { logger } from '@/server/logger';

/**
 * OpenTelemetry traces (docs/operations.md → Traces): off unless an OTLP endpoint is configured with
 * the standard `OTEL_*` variables. When on, each API request is a server span (continuing the caller's
 * W3C `traceparent`), the task it queues carries the span's context (`tasks.trace_parent`), the worker
 * runs the task in a span continuing it, and every outgoing HTTP call made meanwhile (upstream calls,
 * downloads, callbacks) is a client span whose context goes out as `traceparent`. Spans never carry
 * prompts, keys or query strings: only methods, paths, hosts, statuses and ids.
 */

const TRACER = 'studio';

/**
 * Whether this process traces, on globalThis: the launcher and the Next.js bundle load this module
 * separately, and a console submission (the bundle's copy) must see what the launcher started.
 */
const STATE = Symbol.for('studio.tracing');
type TracingState = { enabled: boolean; shutdown: (() => Promise<void>) | null };
const state: TracingState = ((globalThis as { [STATE]?: TracingState })[STATE] ??= { enabled: false, shutdown: null });

/** Whether this process exports traces. */
export const tracingEnabled = () => state.enabled;

/**
 * Starts tracing for this process as `service` when the settings say so: the tracer provider with a
 * batching OTLP/HTTP exporter (endpoint, headers and protocol from `OTEL_EXPORTER_OTLP_*`), W3C trace
 * context propagation, and client spans for every undici request (fetch included). Answers a function
 * that flushes and stops it.
 */
export async function startTracing(settings: TracingSettings, service: string): Promise<() => Promise<void>> {
  if (!settings.enabled || state.enabled) return state.shutdown ?? (() => Promise.resolve());
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, undici] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation-undici'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName ?? service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global provider, AsyncLocalStorage as the context manager, W3C trace context and baggage.
  provider.register();
  const instrumentation = new undici.UndiciInstrumentation({
    // Only calls made inside a traced request or task: not the probes and sweeps of recurring work.
    requireParentforSpans: true,
    // A URL's query may hold a signature or a key (signed download links): the span keeps origin and path.
    startSpanHook: (request) => ({ 'url.full': withoutQuery(request.origin, request.path), 'url.query': undefined }),
  });
  instrumentation.setTracerProvider(provider);
  instrumentation.enable();
  state.enabled = true;
  logger.info({ service: settings.serviceName ?? service }, 'exporting traces over OTLP');
  state.shutdown = async () => {
    instrumentation.disable();
    await provider.shutdown().catch((err: unknown) => logger.warn({ err }, 'could not flush the last traces'));
    state.enabled = false;
  };
  return state.shutdown;
}

function withoutQuery(origin: string, path: string): string {
  const cut = path.indexOf('?');
  return `${origin}${cut >= 0 ? path.slice(0, cut) : path}`;
}

/** The W3C `traceparent` of the current span, to store with work that continues elsewhere; null when not tracing. */
export function currentTraceParent(): string | null {
  if (!state.enabled) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** Paths not worth a span: probes and scrapes. */
const UNTRACED = /^\/api\/(health|metrics)(\/|$|\?)/;

/**
 * Runs `handle` for one request of the front server inside a server span that continues the caller's
 * `traceparent` (when tracing is on and the path is under /api): named by method and path, ended with
 * the answer's status. Pages are not traced (their paths may hold a claim code).
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const url = req.url ?? '/';
  if (!state.enabled || !url.startsWith('/api/') || UNTRACED.test(url)) {
    handle();
    return;
  }
  const path = url.split('?')[0] ?? url;
  const method = req.method ?? 'GET';
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = trace
    .getTracer(TRACER)
    .startSpan(
      `${method} ${path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path, 'url.scheme': 'http' } },
      parent,
    );
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), handle);
}

/**
 * Runs a worker's task inside a consumer span continuing the context stored with it (`traceParent`,
 * the submitting request's span), so the request, the task and the calls it makes are one trace.
 */
export function inTaskSpan<T>(
  task: { queue: string; attempt: number; traceParent?: string | null },
  attributes: Attributes,
  run: () => Promise<T>,
): Promise<T> {
  if (!state.enabled) return run();
  const parent: Context = task.traceParent
    ? propagation.extract(ROOT_CONTEXT, { traceparent: task.traceParent })
    : ROOT_CONTEXT;
  const span = trace.getTracer(TRACER).startSpan(
    `task ${task.queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.destination.name': task.queue, 'studio.task.attempt': task.attempt, ...attributes },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await run();
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
      throw err;
    } finally {
      span.end();
    }
  });
}
