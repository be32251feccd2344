import { type ActionErrorCode, actionErrors } from '../errors.ts';

/**
 * What a visitor reads when a member action (favourite, booking, report, rating) fails: short Chinese only. The
 * details (gateway path, codes, validator text) go to the log with the request id (issue 11 point 8).
 */

/** The Chinese names of the action bodies' fields, for the message of a refused body. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  houseId: '房源编号',
  kind: '收藏类型',
  op: '收藏操作',
  back: '返回地址',
  name: '姓名',
  phone: '手机号',
  visitDate: '看房时间',
  remark: '备注',
  reason: '举报原因',
  content: '补充说明',
  belongerId: '经纪人',
  score: '评分',
};

export const BUSY = '服务繁忙，请稍后再试';

/** What a visitor reads for each refusal of the error table (src/errors.ts). */
const ACTION_MESSAGES: Readonly<Record<ActionErrorCode, string>> = {
  ACTION_INVALID_BODY: '提交内容有误，请检查后重试',
  ACTION_LOGIN_REQUIRED: '请先登录',
  ACTION_FOREIGN_ORIGIN: '非法请求来源',
  ACTION_NOT_FOUND: '房源不存在',
  ACTION_GATEWAY_FAILED: BUSY,
};

/** The answer for a refusal of the table: its status and its Chinese message. */
export function actionRefusal(code: ActionErrorCode): { status: number; message: string } {
  return { status: actionErrors[code].statusCode, message: ACTION_MESSAGES[code] };
}

/** The first failure of a JSON-schema validation (Ajv's shape, as Fastify passes it on). */
export interface ValidationFailure {
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** `请填写手机号` for a missing field, `手机号不正确` for a wrong one, naming the field in Chinese. */
export function invalidBodyMessage(failure: ValidationFailure | undefined): string {
  const missing = failure?.params?.missingProperty;
  const field = typeof missing === 'string' ? missing : ((failure?.instancePath ?? '').split('/')[1] ?? '');
  const name = FIELD_NAMES[field];
  if (!name) return ACTION_MESSAGES.ACTION_INVALID_BODY;
  return typeof missing === 'string' ? `请填写${name}` : `${name}不正确`;
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

/** Gateway refusals a visitor can act on, passed on with their status; 404 is said by the action. */
const GATEWAY_REFUSALS: Readonly<Record<number, string>> = {
  [actionErrors.ACTION_INVALID_BODY.statusCode]: ACTION_MESSAGES.ACTION_INVALID_BODY,
  409: '请勿重复提交',
  429: '操作太频繁，请稍后再试',
};

/**
 * The answer for a failed gateway call: a refusal keeps its status, anything else is 502 (503/504 when the gateway
 * said so, SPEC 8) with the busy message. `refused` tells the caller which of the two it is, for the log level.
 */
export function gatewayErrorAnswer(
  statusCode: number | undefined,
  notFound: string,
): { status: number; message: string; refused: boolean } {
  const refusal = statusCode === 404 ? notFound : statusCode ? GATEWAY_REFUSALS[statusCode] : undefined;
  if (refusal && statusCode) return { status: statusCode, message: refusal, refused: true };
  const status = statusCode === 503 || statusCode === 504 ? statusCode : actionErrors.ACTION_GATEWAY_FAILED.statusCode;
  return { status, message: ACTION_MESSAGES.ACTION_GATEWAY_FAILED, refused: false };
}
