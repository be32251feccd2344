/** Rules of the agent review and franchise forms (issue 17 part C), shared by the pages and the actions. */

export const REVIEW_MIN = 5;
export const REVIEW_MAX = 300;

/** The aspects an agent is rated on, 1–5 stars each. */
export const REVIEW_ASPECTS = [
  { key: 'professional', label: '专业度' },
  { key: 'attitude', label: '服务态度' },
  { key: 'response', label: '响应速度' },
] as const;

export const REVIEW_SAVED = '评价成功，感谢您的反馈';
export const FRANCHISE_SAVED = '提交成功，招商经理将在1个工作日内与您联系';
export const FRANCHISE_DUPLICATE = '您的申请我们已经收到，招商经理将尽快与您联系，无需重复提交';
export const INVESTMENT_SAVED = '提交成功，招商专员将尽快与您联系';

/** The agent review form's draft key: one per agent. */
export const reviewDraft = (belongerId: number) => `broker-review:${belongerId}`;
