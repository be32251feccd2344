/**
 * The member forms of issue 13 (SPEC 7.8): their choices and limits, shared by the pages, the portal's form endpoints
 * and the embedded gateway, so the three never disagree about what is valid.
 */

/** Nickname: 2 to 16 characters once trimmed, no control or bidi-override characters. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;

/** Feedback text: 10 to 500 characters once trimmed. */
export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 500;
export const FEEDBACK_KINDS = ['功能建议', '房源问题', '页面错误', '服务投诉', '其他'] as const;

/** What a correction (/report, /api/correction/insert) says is wrong about a listing. */
export const CORRECTION_FIELDS = ['价格', '面积', '户型', '楼层', '朝向', '小区名称', '房源图片', '已售/已租', '其他'] as const;
export const CORRECTION_MIN = 5;
export const CORRECTION_MAX = 500;

/** The customer demand of 省心找房 (/shengxinzhaofang, /sxzf). */
export const DEMAND_TYPES = ['买新房', '买二手房', '租房', '卖房', '出租', '商铺写字楼'] as const;
export const DEMAND_BUDGETS = ['50万以下', '50-80万', '80-100万', '100-150万', '150-200万', '200-300万', '300万以上'] as const;
export const DEMAND_AREAS = ['50㎡以下', '50-70㎡', '70-90㎡', '90-120㎡', '120-144㎡', '144㎡以上'] as const;
export const DEMAND_ROOMS = ['一室', '两室', '三室', '四室', '五室及以上'] as const;
export const DEMAND_MOVE_IN = ['随时', '1个月内', '3个月内', '半年内', '一年内'] as const;
export const DEMAND_DISTRICTS_MAX = 5;

/** SMS subscriptions offered on list pages: price drops and new listings for the filter being looked at. */
export const SMS_KINDS = ['降价通知', '新房源通知'] as const;

/** Avatars and screenshots: what the upload accepts (by content), and how big. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

/**
 * Characters a typed text may not hold: C0 controls (tab and newlines aside, in multi-line text), DEL, C1 controls
 * and the bidirectional marks, overrides and isolates that make text display differently from what it stores.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL_LINE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const hasControlChars = (s: string, multiline = true) => (multiline ? CONTROL : CONTROL_LINE).test(s);

/** Length in characters as a person counts them (code points, so an emoji is one). */
export const charCount = (s: string) => [...s].length;

/** Mask a mainland mobile number for display: 13800000000 → 138****0000. */
export function maskPhone(phone: string): string {
  return /^1\d{10}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '';
}
