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
  if (!name) return '提交内容有误，请检查后重试';
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
  400: '提交内容有误，请检查后重试',
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
  const status = statusCode === 503 || statusCode === 504 ? statusCode : 502;
  return { status, message: BUSY, refused: false };
}
