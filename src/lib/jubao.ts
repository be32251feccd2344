/** The report reasons the gateway accepts (api/jubao/save), in the order the report form offers them. */
export const JUBAO_REASONS = ['房源不存在', '价格不真实', '图片不真实', '信息不符', '经纪人服务差', '其他'] as const;

export type JubaoReason = (typeof JUBAO_REASONS)[number];
