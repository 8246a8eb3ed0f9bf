import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { authFailureError, requireScoped } from '@/server/domain/auth/guard';
import { errorAnswerOf, toResponse } from '@/server/edge/http/error-response';
import type { RequestHeaders } from '@/server/request-headers';
import { thrownResult } from './answers';
import { isRecipeName, recipeTools } from './recipes';
import type { ToolCall } from './tool';
import { builtInTool, toolsFor } from './tools';

export const MCP_PATH = '/api/mcp';

/** True for `/api/mcp` (a trailing slash or a query allowed). */
export const isMcpPath = (url: string): boolean => /^\/api\/mcp\/?(\?|$)/.test(url);

const INSTRUCTIONS =
  'Studio generates images, videos and copy for your organisation, charged in its credits. Use generate_image ' +
  'for a prompt, a template_* tool for one of your templates (its arguments are the template fields), ' +
  'skill_* for a form skill, article_* or write_article for copy. A generation that takes longer than the ' +
  'wait answers a job id: read it with get_job, never submit it again.';

/** A JSON-RPC error answer outside any request (the transport's own shape for protocol faults). */
function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });
}

/**
 * The key's headers as the procedures read them. `Idempotency-Key` is left out: it would belong to the
 * HTTP request that carries JSON-RPC messages, not to one generation, and every call of the same
 * client configuration would share it.
 */
function callerHeaders(headers: Headers): RequestHeaders {
  return { get: (name) => (name.toLowerCase() === 'idempotency-key' ? null : headers.get(name)) };
}

/** 401 (no or an unknown key) or 403 (a key that stopped working, or the operator's): Studio's error body. */
function refusal(ctx: Context, thrown: unknown): Response {
  const answer = errorAnswerOf(thrown, 'MCP authentication');
  if (answer.status === 401) {
    const invalid = ctx.authFailure === 'unknown' ? ', error="invalid_token"' : '';
    answer.headers['www-authenticate'] = `Bearer realm="Studio"${invalid}`;
  }
  return toResponse(answer);
}

function mcpServer(call: ToolCall): Server {
  const server = new Server(
    { name: 'studio', title: 'Studio', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    try {
      const tools = await toolsFor(call);
      return {
        tools: tools.map(({ name, title, description, inputSchema, annotations }) => ({
          name,
          title,
          description,
          inputSchema,
          ...(annotations ? { annotations } : {}),
        })),
      };
    } catch (thrown) {
      throw new McpError(ErrorCode.InternalError, errorText(thrown));
    }
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    let tool = builtInTool(name);
    if (!tool && isRecipeName(name)) {
      try {
        tool = (await recipeTools(call)).find((t) => t.name === name);
      } catch (thrown) {
        return thrownResult(thrown, name);
      }
    }
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name}. This key may use the tools tools/list names (a template it cannot use has no tool)`,
      );
    }
    return tool.run(args, call);
  });
  return server;
}

const errorText = (thrown: unknown): string => {
  const body = errorAnswerOf(thrown, 'MCP').body as { error: string };
  return body.error;
};

/**
 * `/api/mcp`: MCP's Streamable HTTP transport, stateless (a server and a transport per request, no
 * session), answering JSON. The caller is the key of `Authorization: Bearer` (or `X-API-Key`), read
 * as every REST call reads it; a console session is not a way in. Every tool calls the procedures
 * REST runs, through a caller with that key's context, so charges, limits, idempotency, visibility
 * and member rules are REST's. Only POST carries messages: GET (no server-initiated stream without
 * a session) and DELETE (no session to end) are 405, as the SDK's stateless servers answer.
 */
export async function serveMcp(request: Request, maxBodyBytes: number): Promise<Response> {
  if (request.method !== 'POST') {
    return rpcError(
      405,
      -32000,
      `Method not allowed: ${MCP_PATH} takes JSON-RPC messages by POST (stateless, no session)`,
      {
        allow: 'POST',
      },
    );
  }
  let ctx: Context;
  try {
    ctx = await createContext(callerHeaders(request.headers));
  } catch (thrown) {
    // The database unreachable while resolving the key: 503 with Retry-After.
    return toResponse(errorAnswerOf(thrown, 'MCP authentication'));
  }
  let call: ToolCall;
  try {
    if (!ctx.identity) throw authFailureError(ctx.authFailure);
    call = { ctx, caller: createCaller(ctx), who: requireScoped(ctx), signal: request.signal };
  } catch (thrown) {
    return refusal(ctx, thrown);
  }
  const server = mcpServer(call);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: maxBodyBytes,
  });
  try {
    await server.connect(transport);
    // In JSON mode the answer is whole when this resolves: the server and transport end with it.
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
