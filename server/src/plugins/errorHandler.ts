import type { FastifyError, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';

import type { ErrorBody } from '../../contract';
import { detail, type DetailBody, MESSAGES } from '../errors';
import { WorkRefused } from '../workers/pool';
import { RETRY_AFTER_SECONDS } from './loadShedding';

/** DRF's wording for what a schema refuses. */
function fieldMessage(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return MESSAGES.required;
    case 'minLength':
      return limit === 1 ? MESSAGES.blank : MESSAGES.minLength(limit);
    case 'maxLength':
      return MESSAGES.maxLength(limit);
    case 'minimum':
      return MESSAGES.minValue(limit);
    case 'maximum':
      return MESSAGES.maxValue(limit);
    case 'type':
      switch (params.type) {
        case 'string':
          return MESSAGES.string;
        case 'integer':
          return MESSAGES.integer;
        case 'number':
          return MESSAGES.number;
        case 'boolean':
          return MESSAGES.boolean;
        case 'array':
          return MESSAGES.list;
        default:
          return MESSAGES.invalid;
      }
    case 'additionalProperties':
      return MESSAGES.unexpectedField;
    case 'enum':
    case 'const':
      return MESSAGES.choice;
    default:
      return error.message ?? MESSAGES.invalid;
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
    if (!field) return detail(MESSAGES.notAnObject);
    (body[field] ??= []).push(fieldMessage(error));
  }
  return body;
}

/**
 * A refusal that is not a schema's: its status and detail. The multipart parser's limits and
 * malformed forms have codes of their own, or none at all.
 */
function clientError(error: FastifyError, request: FastifyRequest): { status: number; body: DetailBody } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: detail(MESSAGES.jsonParse(error.message)) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: detail(MESSAGES.bodyTooLarge) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: detail(MESSAGES.unsupportedMediaType(request.headers['content-type'] ?? '')) };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: detail(MESSAGES.fileTooLarge(request.routeOptions.config.multipartOptions?.limits?.fileSize ?? 0)) };
    case 'FST_FILES_LIMIT':
      return { status: 400, body: detail(MESSAGES.oneFile) };
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: detail(MESSAGES.tooManyFormFields) };
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { status: 400, body: detail(MESSAGES.badJsonFormField) };
    case 'FST_MP_PREMATURE_CLOSE':
      return { status: 400, body: detail(MESSAGES.uploadInterrupted) };
  }
  if (error.statusCode === undefined && /multipart|boundary|part header|end of form/i.test(error.message)) {
    return { status: 400, body: detail(MESSAGES.unreadableForm) };
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  return { status, body: detail(status === 404 ? MESSAGES.notFound : error.message) };
}

/**
 * What a browser shows when a page could not be drawn: a page, not JSON. Plain HTML with nothing to
 * load, which the policy of non-page answers (no styles, no scripts) allows.
 */
const errorPage = (title: string, message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>
`;
const SERVER_ERROR_PAGE = errorPage('Server error', `${MESSAGES.serverError} Please try again in a moment.`);
const BUSY_PAGE = errorPage('Server busy', MESSAGES.busy);

/** A browser's navigation to a page (not a call of the API or a file). */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');

/**
 * The site-wide error answer: field problems as field-keyed lists, other refusals as `{detail}`,
 * anything else logged and answered with a generic 500 that reveals nothing. An id in the path
 * that does not parse names no row, so it is a 404 like a missing one. Bodies bypass the route's
 * response schema, which could otherwise drop the fields of an error it does not describe.
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      // Load shedding (see loadShedding.ts): expected under load, so not logged request by request.
      if (error.code === 'FST_UNDER_PRESSURE') {
        reply.code(503);
        if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(BUSY_PAGE);
        return reply.serializer(JSON.stringify).type('application/json; charset=utf-8').send(detail(MESSAGES.busy));
      }
      let answer: { status: number; body: ErrorBody } | undefined;
      if (error instanceof WorkRefused) {
        if (error.status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
        answer = { status: error.status, body: detail(error.message) };
      } else if (!error.validation) answer = clientError(error, request);
      else if (error.validationContext === 'params' && error.validation.every((problem) => fieldOf(problem) === 'id'))
        answer = { status: 404, body: detail(MESSAGES.notFound) };
      else answer = { status: 400, body: validationBody(error.validation) };
      if (!answer) {
        request.log.error({ reqId: request.id, err: error }, 'request failed');
        const status = error.statusCode !== undefined && error.statusCode >= 500 && error.statusCode < 600 ? error.statusCode : 500;
        answer = { status, body: detail(MESSAGES.serverError) };
      }
      if (answer.status >= 500 && wantsPage(request)) return reply.code(answer.status).type('text/html; charset=utf-8').send(SERVER_ERROR_PAGE);
      return reply.code(answer.status).serializer(JSON.stringify).type('application/json; charset=utf-8').send(answer.body);
    });
  },
  { name: 'error-handler' },
);
