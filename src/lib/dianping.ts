/** The rating form of /xinfang/pjguwen and its action POST /-/action/dianping share these rules and messages. */

export const DIANPING_CONTENT_MIN = 2;
export const DIANPING_CONTENT_MAX = 300;

/** Why a rating was refused, by code (a form post without JavaScript comes back with `?error=<code>`). */
export const DIANPING_ERRORS = {
  score: '请选择1到5星的服务评分',
  content: `评价内容须为${DIANPING_CONTENT_MIN}到${DIANPING_CONTENT_MAX}个字`,
  target: '请指定要评价的置业顾问或楼盘',
  invalid: '评价内容有误，请检查后重试',
  /** One review of an adviser by a member in 30 days (the gateway's 409). */
  again: '您本月已评价过该顾问，请下月再来',
} as const;

export type DianpingError = keyof typeof DIANPING_ERRORS;

export const DIANPING_SAVED = '评价成功，感谢您的反馈';
