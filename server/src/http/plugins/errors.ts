import { ErrorCode } from '@capshelf/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';

/** Fastify's own client-error codes, in the interface language. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度无效',
  FST_ERR_BAD_URL: '请求地址无效',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址中的参数过长',
};

function send(reply: FastifyReply, error: AppError) {
  return reply
    .status(error.status)
    .headers(error.headers)
    .send({ detail: error.detail, code: error.code, ...error.extra });
}

function validationError(error: FastifyError): AppError {
  const issues = (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const where = error.validationContext ?? 'body';
    return { field: field || where, message: issue.message ?? '无效的值' };
  });
  const first = issues[0];
  return new AppError(
    400,
    ErrorCode.VALIDATION_FAILED,
    first ? `${first.field}: ${first.message}` : '请求参数无效',
    { errors: issues },
  );
}

/**
 * The router's own errors (a broken percent-encoding, an over-long path parameter) never reach the
 * error handler; given to Fastify as `frameworkErrors`, they answer in the contract shape too.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const detail = FASTIFY_MESSAGES[error.code] ?? '请求无效';
  return send(reply, new AppError(400, ErrorCode.VALIDATION_FAILED, detail));
}

/** The single place where any thrown error becomes the contract's `{detail, code}` answer. */
export function registerErrorHandling(
  app: FastifyInstance,
  mapDomainError: (e: unknown) => AppError | null,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    const domain = mapDomainError(error);
    if (domain) return send(reply, domain);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, validationError(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(
        reply,
        new AppError(429, ErrorCode.TOO_MANY_REQUESTS, '请求过于频繁，请稍后再试'),
      );
    }
    if (status >= 400 && status < 500) {
      const detail = FASTIFY_MESSAGES[error.code] ?? '请求无效';
      return send(reply, new AppError(400, ErrorCode.VALIDATION_FAILED, detail));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, new AppError(500, ErrorCode.INTERNAL, '服务器内部错误'));
  });
}
