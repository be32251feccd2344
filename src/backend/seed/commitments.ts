/** The company's service commitments (issue 17 part C): seeded by migration 16 and by every seed run. */
export const COMMITMENTS: ReadonlyArray<{ id: number; title: string; subtitle: string; summary: string; terms: readonly string[] }> = [
  {
    id: 1,
    title: '真房源',
    subtitle: '假一赔百，所见即所得',
    summary: '我们承诺平台展示的每一套房源真实存在、真实在售、真实价格、真实图片。',
    terms: [
      '房源信息经经纪人实地勘察核验，房屋图片为实拍，不使用效果图冒充实景。',
      '挂牌价格为业主委托价格，不以虚假低价吸引客户。',
      '若您发现房源已售或不存在，经核实后赔付100元现金红包，每位用户每年最多获赔10次。',
      '举报通道：房源详情页“举报”或拨打客服热线，我们将在1个工作日内处理。',
    ],
  },
  {
    id: 2,
    title: '安心签',
    subtitle: '签约流程透明，合同条款逐条讲解',
    summary: '签约前由持证经纪人核验产权与交易资格，合同范本公开透明。',
    terms: [
      '签约前核查房屋产权、抵押、查封及共有人情况，并出具产权调查报告。',
      '使用住建部门备案的合同范本，补充条款须买卖双方书面确认。',
      '签约现场由经纪人逐条讲解合同关键条款，买卖双方均可要求延期签约。',
      '因产权调查失误导致无法过户的，承担客户已支付的全部中介服务费。',
    ],
  },
  {
    id: 3,
    title: '先行赔付',
    subtitle: '交易损失，我们先赔',
    summary: '因经纪人过错造成的经济损失，在责任认定前先行垫付赔偿。',
    terms: [
      '适用范围：经纪人隐瞒房屋重大瑕疵、违规操作或挪用资金造成的直接经济损失。',
      '申请时间：自损失发生之日起一年内提出书面申请并提供相关证明。',
      '单笔交易先行赔付上限为人民币100万元，由公司保障基金支付。',
      '赔付后公司依法向责任方追偿，不影响客户依法主张其他权利。',
    ],
  },
  {
    id: 4,
    title: '透明收费',
    subtitle: '明码标价，绝无隐形收费',
    summary: '服务费用按公示标准收取，除公示项目外不收取任何额外费用。',
    terms: [
      '中介服务费标准在门店及网站公示，二手房买卖不超过成交价的2%，租赁不超过一个月租金。',
      '贷款、过户等代办服务需客户自愿选择，费用单独列明。',
      '未成交不收取任何费用，看房、咨询全程免费。',
      '发现经纪人私自加收费用，全额退还并给予同等金额补偿。',
    ],
  },
  {
    id: 5,
    title: '资金安全',
    subtitle: '交易资金银行监管',
    summary: '购房定金与首付款存入银行监管账户，过户完成后再划转。',
    terms: [
      '交易资金由合作银行监管，公司及经纪人不经手客户资金。',
      '资金划转以不动产权证书办理完成为条件，全程短信通知。',
      '交易失败时监管资金原路退回，一般在3个工作日内到账。',
      '任何要求将房款转入个人账户的行为均属违规，请立即向客服举报。',
    ],
  },
  {
    id: 6,
    title: '不吃差价',
    subtitle: '成交价格买卖双方见面确认',
    summary: '买卖双方当面签约，成交价格公开透明，杜绝赚取差价。',
    terms: [
      '买卖合同须买卖双方本人或授权代理人到场签署，成交价格当面确认。',
      '经纪人不得以任何形式向买方或卖方隐瞒真实成交价格。',
      '一经查实存在赚取差价行为，差价部分全额退还并赔付等额违约金。',
      '涉事经纪人立即解约并列入行业黑名单。',
    ],
  },
];

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The INSERT of every commitment (sort = id). */
export const COMMITMENT_INSERT = `INSERT INTO commitment (id, title, subtitle, summary, terms, sort) VALUES\n${COMMITMENTS.map(
  (c) => `(${c.id}, ${quote(c.title)}, ${quote(c.subtitle)}, ${quote(c.summary)}, ${quote(JSON.stringify(c.terms))}, ${c.id})`,
).join(',\n')}`;
