import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';

import type { ErrorBody } from '../../contract';

/** DRF's wording for what a schema refuses, so every client reads one style of message. */
function fieldMessage(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'minLength':
      return params.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(params.limit)} characters.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(params.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(params.limit)}.`;
    case 'type':
      switch (params.type) {
        case 'string':
          return 'Not a valid string.';
        case 'integer':
          return 'A valid integer is required.';
        case 'number':
          return 'A valid number is required.';
        case 'boolean':
          return 'Must be a valid boolean.';
        case 'array':
          return 'Expected a list of items.';
        default:
          return 'Invalid value.';
      }
    case 'additionalProperties':
      return 'Unexpected field.';
    case 'enum':
    case 'const':
      return 'Not a valid choice.';
    default:
      return error.message ?? 'Invalid value.';
  }
}

function fieldOf(error: FastifySchemaValidationError): string | undefined {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') return params.missingProperty;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') return params.additionalProperty;
  const first = error.instancePath.split('/')[1];
  return first || undefined;
}

/** Schema failures become `{field: [message]}`; a body that is not an object at all becomes `{detail}`. */
export function validationBody(errors: FastifySchemaValidationError[]): ErrorBody {
  const body: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (!field) return { detail: 'Invalid data. Expected a JSON object.' };
    (body[field] ??= []).push(fieldMessage(error));
  }
  return body;
}

function clientErrorDetail(error: FastifyError, status: number, contentType: string | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `JSON parse error - ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported media type "${contentType ?? ''}" in request.`;
    default:
      return status === 404 ? 'Not found.' : error.message;
  }
}

/**
 * The site-wide error answer: 4xx as DRF-style JSON (`{detail}` or field-keyed lists), anything
 * else logged and answered with a generic 500 that reveals nothing. Bodies bypass the route's
 * response schema, which could otherwise drop the fields of an error it does not describe.
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      const status = error.validation ? 400 : (error.statusCode ?? 500);
      let body: ErrorBody;
      if (error.validation) {
        body = validationBody(error.validation);
      } else if (status >= 400 && status < 500) {
        body = { detail: clientErrorDetail(error, status, request.headers['content-type']) };
      } else {
        request.log.error({ reqId: request.id, err: error }, 'request failed');
        body = { detail: 'A server error occurred.' };
      }
      return reply
        .code(status >= 400 && status < 600 ? status : 500)
        .serializer(JSON.stringify)
        .type('application/json; charset=utf-8')
        .send(body);
    });
  },
  { name: 'error-handler' },
);
