import type { JisuanqiData } from '../contracts/page-data/jisuanqi.ts';
import { fenToYuan } from '../lib/loan.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/**
 * The calculator's head: the registry's title stands; the canonical is the bare /jisuanqi (every input combination is
 * the same tool), and a computed result's figures go into the description.
 */
export const jisuanqiMeta: Meta<JisuanqiData> = (ctx, data) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const s = data.summary;
  const description = s
    ? `贷款${fenToYuan(s.principal)}元，${data.input.years}年，${data.input.method === 'debj' ? '等额本金首月' : '等额本息月供'}${fenToYuan(
        s.monthly,
      )}元，总利息${fenToYuan(s.totalInterest)}元。房贷计算器支持商业贷款、公积金贷款与组合贷款及最新LPR。`
    : undefined;
  return {
    canonical: '/jisuanqi',
    ...(description ? { description } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: '房贷计算器',
        applicationCategory: 'FinanceApplication',
        url: `${origin}/jisuanqi`,
      },
    ],
  };
};
