import { type ActionErrorCode, actionErrors } from '../errors.ts';

/**
 * What a visitor reads when an action is refused before its handler (SPEC 8): short Chinese only, by the code of
 * src/errors.ts's table. The details (gateway path, codes, validator text) go to the log with the request id.
 */

export const BUSY = '服务繁忙，请稍后再试';

/** What a visitor reads for each refusal of the error table (src/errors.ts). */
const ACTION_MESSAGES: Readonly<Record<ActionErrorCode, string>> = {
  ACTION_INVALID_BODY: '提交内容有误，请检查后重试',
  ACTION_LOGIN_REQUIRED: '请先登录',
  ACTION_FOREIGN_ORIGIN: '请求来源不正确，请刷新页面后重试',
  ACTION_NOT_FOUND: '房源不存在',
  ACTION_GATEWAY_FAILED: BUSY,
};

/** The answer for a refusal of the table: its status and its Chinese message. */
export function actionRefusal(code: ActionErrorCode): { status: number; message: string } {
  return { status: actionErrors[code].statusCode, message: ACTION_MESSAGES[code] };
}

/** The statuses of a refused request (before the action runs) and what each says. */
const REQUEST_ERRORS: Readonly<Record<number, string>> = {
  400: '提交内容格式有误',
  413: '提交内容过大',
  415: '不支持的提交格式',
};

/** The status and message for an error Fastify raised around an action (body parsing, limits). */
export function requestErrorAnswer(statusCode: number | undefined): { status: number; message: string } {
  const status = statusCode && statusCode >= 400 && statusCode < 500 ? statusCode : 500;
  return { status, message: REQUEST_ERRORS[status] ?? (status === 500 ? BUSY : '请求无效') };
}
