import type { PolteAllInfoData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { SaleBadge } from '../../src/ui/xinfang/SaleBadge.tsx';

type Row = [string, string];

/** /appH5/polte/allInfo/{id}.html: every fact of an estate, grouped as the app's 楼盘详情 shows them. */
export default function PolteAllInfoPage({ data }: PageProps<PolteAllInfoData>) {
  const { estate: e, prices } = data;
  const groups: Array<[string, Row[]]> = [
    [
      '基本信息',
      [
        ['楼盘名称', e.name],
        ['别名', e.alias || '暂无'],
        ['物业类型', e.typeNames.join('、') || '暂无'],
        ['装修标准', e.decoration || '暂无'],
        ['所在区域', [e.regionName, e.shopMapName].filter(Boolean).join(' ') || '暂无'],
        ['楼盘地址', e.address],
      ],
    ],
    [
      '销售信息',
      [
        ['参考均价', e.price ? `${e.price}元/㎡` : '待定'],
        ['总价区间', e.totalMin && e.totalMax ? `${e.totalMin}-${e.totalMax}万/套` : '待定'],
        ['开盘时间', e.openDate || '待定'],
        ['交房时间', e.handoverDate || '待定'],
        ['售楼处地址', e.saleAddress || '暂无'],
        ...e.yushouList.map((y): Row => [`预售许可证`, `${y.permitNo}（${y.issueDate}，${y.buildings}）`]),
      ],
    ],
    [
      '小区概况',
      [
        ['开发商', e.developer],
        ['物业公司', e.propertyCompany],
        ['物业费', `${e.propertyFee}元/㎡·月`],
        ['容积率', String(e.plotRatio)],
        ['绿化率', `${e.greenRate}%`],
        ['规划户数', `${e.households}户`],
        ['车位情况', e.parking || '暂无'],
        ['产权年限', `${e.termYears}年`],
      ],
    ],
  ];
  return (
    <div className="ah-page">
      <header className="card ah-est">
        <h2 className="ah-est__name">
          {e.name} <SaleBadge status={e.saleStatus} />
        </h2>
        <p className="ah-est__price">{e.price ? `均价 ${e.price}元/㎡` : '价格待定'}</p>
      </header>
      {prices.length ? (
        <section className="card ah-sec">
          <h3 className="ah-sec__title">各物业类型价格</h3>
          <ul className="ah-kv">
            {prices.map((p) => (
              <li key={p.type}>
                <span>{p.typeName}</span>
                <b>{p.price ? `${p.price}元/㎡` : '待定'}</b>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.map(([title, rows]) => (
        <section key={title} className="card ah-sec">
          <h3 className="ah-sec__title">{title}</h3>
          <ul className="ah-kv">
            {rows.map(([k, v], i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: several permits share a label
              <li key={`${k}${i}`}>
                <span>{k}</span>
                <b>{v}</b>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {e.description ? (
        <section className="card ah-sec">
          <h3 className="ah-sec__title">楼盘介绍</h3>
          <p className="ah-text">{e.description}</p>
        </section>
      ) : null}
      <AppLink href={`/appH5/polte/huxing/${e.houseId}.html`} className="card ah-link">
        查看{e.name}全部户型 ›
      </AppLink>
    </div>
  );
}
