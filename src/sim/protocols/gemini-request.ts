import { HttpError, isRecord, type Json } from './http';

/**
 * Reading a Gemini `GenerateContentRequest` as the Gemini API does (ai.google.dev/api/generate-content):
 * JSON field names in camelCase (or the proto's snake_case, which the API also takes), and any unknown
 * field refused with INVALID_ARGUMENT "Invalid JSON payload received. Unknown name …".
 */

export function googleError(code: number, status: string, message: string, details: Json[] = []): HttpError {
  return new HttpError(code, { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } });
}

export const invalidArgument = (message: string, details: Json[] = []) =>
  googleError(400, 'INVALID_ARGUMENT', message, details);

/** The fields each message takes, by the path the API names in its errors. */
const FIELDS: Record<string, readonly string[]> = {
  '': ['model', 'contents', 'tools', 'toolConfig', 'safetySettings', 'systemInstruction', 'generationConfig', 'cachedContent'],
  contents: ['role', 'parts'],
  parts: ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'thought', 'thoughtSignature',
    'executableCode', 'codeExecutionResult', 'videoMetadata', 'partMetadata'],
  inline_data: ['mimeType', 'data'],
  file_data: ['mimeType', 'fileUri'],
  function_call: ['id', 'name', 'args'],
  function_response: ['id', 'name', 'response', 'parts', 'willContinue', 'scheduling'],
  generation_config: ['stopSequences', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities',
    'candidateCount', 'maxOutputTokens', 'temperature', 'topP', 'topK', 'seed', 'presencePenalty', 'frequencyPenalty',
    'responseLogprobs', 'logprobs', 'enableEnhancedCivicAnswers', 'speechConfig', 'thinkingConfig', 'imageConfig',
    'mediaResolution'],
  image_config: ['aspectRatio', 'imageSize'],
  tools: ['functionDeclarations', 'googleSearch', 'googleSearchRetrieval', 'codeExecution', 'urlContext'],
  function_declarations: ['name', 'description', 'behavior', 'parameters', 'parametersJsonSchema', 'response',
    'responseJsonSchema'],
  tool_config: ['functionCallingConfig'],
  function_calling_config: ['mode', 'allowedFunctionNames'],
  system_instruction: ['role', 'parts'],
}; // prettier-ignore

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The message with its keys in camelCase, refusing a key its message does not have. `at` is the
 * message's path as the API's error names it (`generation_config`, `contents[0].parts[1]`).
 */
export function fieldsOf(value: unknown, kind: string, at: string): Record<string, unknown> {
  if (!isRecord(value))
    throw invalidArgument(`Invalid JSON payload received. Expected an object at '${at || 'request'}'.`);
  const allowed = FIELDS[kind] ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = camel(key);
    if (!allowed.includes(name)) {
      const where = at ? ` at '${at}'` : '';
      const message = `Invalid JSON payload received. Unknown name "${key}"${where}: Cannot find field.`;
      throw invalidArgument(message, [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field: at || snake(key), description: message }],
        },
      ]);
    }
    out[name] = v;
  }
  return out;
}

export interface GeminiPart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { name: string; args?: unknown };
  functionResponse?: { name: string; response?: unknown };
  thought?: boolean;
}

export interface GeminiContent {
  role: string;
  parts: GeminiPart[];
}

export interface GeminiRequest {
  contents: GeminiContent[];
  system: string;
  generation: Record<string, unknown>;
  image: { aspectRatio?: string; imageSize?: string };
  functions: string[];
  mode: string;
  allowed: string[];
}

function parts(value: unknown, at: string): GeminiPart[] {
  if (!Array.isArray(value)) return [];
  return value.map((p, j) => {
    const path = `${at}.parts[${j}]`;
    const part = fieldsOf(p, 'parts', path) as GeminiPart & Record<string, unknown>;
    if (part.inlineData !== undefined) {
      const d = fieldsOf(part.inlineData, 'inline_data', `${path}.inline_data`);
      if (typeof d.data !== 'string' || typeof d.mimeType !== 'string')
        throw invalidArgument(`* GenerateContentRequest.${path}.inline_data.data: required field`);
      part.inlineData = d as GeminiPart['inlineData'];
    }
    if (part.fileData !== undefined) {
      const d = fieldsOf(part.fileData, 'file_data', `${path}.file_data`);
      if (typeof d.fileUri !== 'string')
        throw invalidArgument(`* GenerateContentRequest.${path}.file_data.file_uri: required`);
      part.fileData = d as GeminiPart['fileData'];
    }
    if (part.functionCall !== undefined)
      part.functionCall = fieldsOf(
        part.functionCall,
        'function_call',
        `${path}.function_call`,
      ) as GeminiPart['functionCall'];
    if (part.functionResponse !== undefined)
      part.functionResponse = fieldsOf(
        part.functionResponse,
        'function_response',
        `${path}.function_response`,
      ) as GeminiPart['functionResponse'];
    return part;
  });
}

/** Parses and checks a request body; the errors are the API's own. */
export function parseGeminiRequest(body: Buffer): GeminiRequest {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidArgument('Invalid JSON payload received. Unexpected token.');
  }
  const req = fieldsOf(raw, '', '');
  if (!Array.isArray(req.contents) || req.contents.length === 0)
    throw invalidArgument('* GenerateContentRequest.contents: contents is not specified');
  const contents = req.contents.map((c, i) => {
    const content = fieldsOf(c, 'contents', `contents[${i}]`);
    const role = content.role ?? 'user';
    if (role !== 'user' && role !== 'model') throw invalidArgument(`Please use a valid role: user, model.`);
    const ps = parts(content.parts, `contents[${i}]`);
    if (ps.length === 0)
      throw invalidArgument(`* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`);
    return { role: String(role), parts: ps };
  });
  const system =
    req.systemInstruction === undefined
      ? {}
      : fieldsOf(req.systemInstruction, 'system_instruction', 'system_instruction');
  const systemText = parts(system.parts, 'system_instruction')
    .map((p) => p.text ?? '')
    .join('\n');
  const generation =
    req.generationConfig === undefined ? {} : fieldsOf(req.generationConfig, 'generation_config', 'generation_config');
  const image =
    generation.imageConfig === undefined
      ? {}
      : (fieldsOf(generation.imageConfig, 'image_config', 'generation_config.image_config') as GeminiRequest['image']);
  const functions: string[] = [];
  for (const [i, t] of (Array.isArray(req.tools) ? req.tools : []).entries()) {
    const tool = fieldsOf(t, 'tools', `tools[${i}]`);
    for (const [j, f] of (Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []).entries()) {
      const decl = fieldsOf(f, 'function_declarations', `tools[${i}].function_declarations[${j}]`);
      if (typeof decl.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(decl.name))
        throw invalidArgument(
          `* GenerateContentRequest.tools[${i}].function_declarations[${j}].name: Invalid function name.`,
        );
      functions.push(decl.name);
    }
  }
  const toolConfig = req.toolConfig === undefined ? {} : fieldsOf(req.toolConfig, 'tool_config', 'tool_config');
  const calling =
    toolConfig.functionCallingConfig === undefined
      ? {}
      : fieldsOf(toolConfig.functionCallingConfig, 'function_calling_config', 'tool_config.function_calling_config');
  const mode = typeof calling.mode === 'string' ? calling.mode : 'AUTO';
  if (!['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED'].includes(mode))
    throw invalidArgument(`Invalid value at 'tool_config.function_calling_config.mode', "${mode}"`);
  const allowed = Array.isArray(calling.allowedFunctionNames) ? calling.allowedFunctionNames.map(String) : [];
  return { contents, system: systemText, generation, image, functions, mode, allowed };
}
