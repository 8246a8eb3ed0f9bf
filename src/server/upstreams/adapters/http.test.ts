import { describe, expect, it } from 'vitest';
import { classifyResponse } from './http';

describe('classifyResponse', () => {
  it('takes an answer that names the input as invalid for the caller’s error, on a 4xx only', () => {
    // The shape the OpenAI Images API answers for an image that does not decode.
    const invalidImage = {
      error: { message: 'Invalid image file or mode for image 1, please check your image file.', type: 'image_generation_user_error', param: null, code: 'invalid_image_file' },
    };
    expect(classifyResponse(400, invalidImage)).toBe('invalid_input');
    for (const code of ['invalid_image', 'invalid_image_format', 'invalid_image_url']) {
      expect(classifyResponse(400, { error: { type: 'invalid_request_error', code } }), code).toBe('invalid_input');
    }
    expect(classifyResponse(500, invalidImage)).toBe('server_error');
  });

  it('keeps other refusals apart', () => {
    expect(classifyResponse(400, { error: { type: 'invalid_request_error', code: null } })).toBe('bad_request');
    expect(classifyResponse(400, { error: { type: 'invalid_request_error', code: 'unsupported_parameter' } })).toBe('unsupported');
    expect(classifyResponse(400, { error: { code: 'InvalidParameter', type: 'BadRequest' } })).toBe('bad_request');
    expect(classifyResponse(429, { error: { code: 'rate_limit_exceeded' } })).toBe('rate_limit');
    expect(classifyResponse(401, null)).toBe('invalid_key');
  });
});
