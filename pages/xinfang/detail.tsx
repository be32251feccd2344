import type { Dianping, WendaItem } from '../../src/contracts/gateway/index.ts';
import type { XinfangDetailData } from '../../src/contracts/page-data/xinfang.ts';
import { calculatorHref } from '../../src/lib/loan-link.ts';
import { loupanTypeName } from '../../src/lib/loupan-types.ts';
import { planStatusLabel, saleStatusView } from '../../src/lib/sale-status.ts';
import { type Deferred, Streamed, useDeferred } from '../../src/render/deferred.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ActionBar, DetailBlock, Gallery, KeyFacts, Timeline } from '../../src/ui/detail/index.ts';
import { ChevronRight } from '../../src/ui/icons.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { LocationMap } from '../../src/ui/map/LocationMap.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';
import { SaleBadge } from '../../src/ui/xinfang/SaleBadge.tsx';

const day = (s: string) => (s ?? '').slice(0, 10);

/**
 * The estate (SPEC 3 estate page state: detail, belongerList, dongtaiList, huxingDetail): gallery, name and sale
 * status, prices by property type, floor plans, news, pre-sale permits, advisers with phone and chat, facts,
 * schools, reviews, Q&A, sales data and estates nearby; the bottom bar to favourite, share, call and chat.
 */
export default function XinfangDetailPage({ data }: PageProps<XinfangDetailData>) {
  const { route } = useAppState();
  const { estate: e, variant } = data;
  const status = saleStatusView(e.saleStatus);
  const badges = [e.hasVr ? 'VR' : '', e.hasVideo ? '视频' : ''].filter(Boolean);
  const id = e.houseId;
  return (
    <article key={id} className={`dt xf-dt xf-dt--${variant}`} data-house-id={id}>
      {variant === 'ad' ? <p className="xf-dt__ad">推广</p> : null}
      <Gallery
        photos={e.photos ?? [e.img]}
        title={e.name}
        photoHref={`/photo?id=${id}&type=xinfang`}
        videoUrl={e.videoUrl}
        badges={badges}
      />
      {data.referrer ? (
        <p className="xf-dt__ref">
          {data.referrer.belonger ? `置业顾问${data.referrer.belonger.name}为您推荐` : '经纪人为您推荐'}
          {data.referrer.bmsHouseId ? <span>（房源编号 {data.referrer.bmsHouseId}）</span> : null}
        </p>
      ) : null}
      <header className="dt-head xf-dt__head">
        <h1 className="dt-head__title">
          {e.name}
          <SaleBadge status={e.saleStatus} className="xf-dt__sale" />
        </h1>
        {e.alias && e.alias !== e.name ? <p className="xf-dt__alias">别名：{e.alias}</p> : null}
        <p className="dt-head__tags">
          {(e.typeCodes ?? []).map((c) => (
            <span key={c} className="tag tag--hl">
              {loupanTypeName(c)}
            </span>
          ))}
          {(e.tags ?? []).map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </p>
      </header>
      <KeyFacts
        headline={[
          {
            label: '参考均价',
            value: e.price ? (
              <>
                {groupDigits(e.price)}
                <small>元/㎡</small>
              </>
            ) : (
              '待定'
            ),
          },
          { label: '参考总价', value: e.totalMin ? `${Math.round(e.totalMin)}-${Math.round(e.totalMax)}万` : '待定' },
          { label: '销售状态', value: status.label },
        ]}
        facts={[
          { label: '开盘时间', value: day(e.openDate) },
          { label: '交房时间', value: day(e.handoverDate) },
          { label: '装修', value: e.decoration },
          { label: '产权年限', value: e.termYears ? `${e.termYears}年` : '' },
          { label: '楼盘地址', value: e.address },
          { label: '售楼处', value: e.saleAddress },
        ]}
      />
      {e.totalMin ? (
        <AppLink className="loan-link" href={calculatorHref(e.totalMin)}>
          房贷计算器：参考总价{Math.round(e.totalMin)}万起，算算月供
        </AppLink>
      ) : null}
      {data.prices.length ? (
        <DetailBlock title="各物业类型价格">
          <table className="xf-prices">
            <thead>
              <tr>
                <th>物业类型</th>
                <th>参考均价</th>
              </tr>
            </thead>
            <tbody>
              {data.prices.map((p) => (
                <tr key={p.type}>
                  <td>{loupanTypeName(p.type) || p.typeName}</td>
                  <td className="xf-prices__v" data-price={p.price}>
                    {p.price ? `${groupDigits(p.price)}元/㎡` : '待定'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </DetailBlock>
      ) : null}
      {e.huxingList?.length ? (
        <DetailBlock title={`户型（${e.huxingList.length}）`} more={{ href: `/huxing/lp${id}/`, label: '全部户型' }} id="huxing">
          <Streamed value={data.huxingStats}>
            {(stats) =>
              stats.length ? (
                <p className="xf-hxstats">
                  {stats.map((s) => (
                    <AppLink key={s.rooms} href={`/huxing/lp${id}/l${s.rooms}/`} className="xf-chip">
                      {s.rooms}室({s.count})
                    </AppLink>
                  ))}
                </p>
              ) : null
            }
          </Streamed>
          <ul className="xf-hxrow">
            {e.huxingList.map((h) => (
              <li key={h.huxingId} className="xf-hxrow__item">
                <AppLink href={`/huxing/${h.huxingId}.html`} className="xf-hx">
                  <span className="xf-hx__media">
                    <LazyImage className="xf-hx__img" src={h.img} alt={`${e.name}${h.name}`} width={140} height={105} />
                    <span className={`xf-hx__st${h.status === '在售' ? ' is-on' : ''}`}>{planStatusLabel(h.status)}</span>
                  </span>
                  <span className="xf-hx__name">
                    {h.name} {h.huxing}
                  </span>
                  <span className="xf-hx__meta">
                    建面{h.area}㎡ · {h.orientation}
                  </span>
                  <span className="xf-hx__price">约{h.totalPrice}万/套</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </DetailBlock>
      ) : null}
      <Streamed value={data.belongers}>
        {(belongers) =>
          belongers.length ? (
            <DetailBlock title="置业顾问" more={{ href: `/xinfang/belonger?id=${id}`, label: `全部${belongers.length}位` }} id="belonger">
              <div className="xf-agents">
                {belongers.slice(0, 3).map((b) => (
                  <AgentRow key={b.belongerId} agent={b} houseId={id} />
                ))}
              </div>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <Streamed value={data.dongtai}>
        {(dongtai) => (
          <DetailBlock
            title={`楼盘动态${dongtai.totalElements ? `（${dongtai.totalElements}）` : ''}`}
            more={{ href: `/dongtai/${id}`, label: '全部动态' }}
            id="dongtai"
          >
            <Timeline
              items={dongtai.content.map((d) => ({
                key: d.DTid,
                when: day(d.createdAt),
                text: (
                  <AppLink href={`/dongtai/${d.DTid}.html`} className="xf-dtl">
                    <span className="xf-dtl__kind">{d.kind}</span>
                    <b className="xf-dtl__title">{d.title}</b>
                    <span className="xf-dtl__text">{d.content}</span>
                  </AppLink>
                ),
              }))}
            />
          </DetailBlock>
        )}
      </Streamed>
      {e.yushouList?.length ? (
        <DetailBlock title="预售许可证">
          <table className="xf-prices xf-yushou">
            <thead>
              <tr>
                <th>预售证号</th>
                <th>发证时间</th>
                <th>绑定楼栋</th>
              </tr>
            </thead>
            <tbody>
              {e.yushouList.map((y) => (
                <tr key={y.id}>
                  <td>{y.permitNo}</td>
                  <td>{day(y.issueDate)}</td>
                  <td>
                    {y.buildings}（{y.units}套）
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </DetailBlock>
      ) : null}
      <DetailBlock title="楼盘信息">
        <dl className="xf-info">
          {(
            [
              ['开发商', e.developer],
              ['物业公司', e.propertyCompany],
              ['物业费', e.propertyFee ? `${e.propertyFee}元/㎡/月` : ''],
              ['容积率', e.plotRatio],
              ['绿化率', e.greenRate ? `${e.greenRate}%` : ''],
              ['规划户数', e.households ? `${e.households}户` : ''],
              ['车位配比', e.parking],
              ['所属板块', [e.regionName, e.shopMapName].filter(Boolean).join(' ')],
              ['附近地铁', e.stationName ? `${e.stationName}站` : ''],
            ] as Array<[string, string | number | null]>
          )
            .filter(([, v]) => v !== '' && v !== null && v !== undefined)
            .map(([k, v]) => (
              <div key={k} className="xf-info__item">
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
        {e.description ? <p className="dt-desc xf-dt__desc">{e.description}</p> : null}
      </DetailBlock>
      <AppLink href={`/xinfang/daikanrengou/${id}`} className="xf-dt__link card">
        <span>
          <b>带看认购</b>
          <small>近6个月认购与成交均价</small>
        </span>
        <ChevronRight size={16} />
      </AppLink>
      <Streamed value={data.location ?? null}>
        {(location) =>
          location ? (
            <DetailBlock title="位置与周边">
              <LocationMap data={location} />
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <Streamed value={data.schools}>
        {(schools) =>
          schools.length ? (
            <DetailBlock title="周边学校">
              <ul className="xf-schools">
                {schools.map((s) => (
                  <li key={s.schoolId}>
                    <AppLink href={`/school/${s.schoolId}.html`}>
                      <b>{s.name}</b>
                      <span>
                        {s.level} · {s.nature}
                      </span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <Streamed value={data.comments}>{(comments) => <EstateComments comments={comments} total={data.commentTotal} />}</Streamed>
      <Streamed value={data.wenda}>{(wenda) => <EstateWenda id={id} wenda={wenda} total={data.wendaTotal} />}</Streamed>
      <Streamed value={data.similar}>
        {(similar) =>
          similar.length ? (
            <DetailBlock title={`${e.regionName ?? ''}其他楼盘`} more={{ href: '/xinfang/', label: '更多新房' }}>
              <ul className="xf-similar">
                {similar.map((s) => (
                  <li key={s.houseId}>
                    <EstateItem estate={s} />
                  </li>
                ))}
              </ul>
            </DetailBlock>
          ) : null
        }
      </Streamed>
      <ActionBar
        houseId={id}
        houseType={1}
        kind="newhouse"
        title={e.name}
        url={route.head.canonical}
        collected={data.collected}
        agent={data.agent}
        phone={data.agent?.webCall ? { webCall: data.agent.webCall } : null}
        bookHref={`/yuyuekanfang?houseId=${id}&houseType=1`}
      />
    </article>
  );
}

/** 用户点评: the first reviews and their total (both from one secondary call). */
function EstateComments({ comments, total }: { comments: Dianping[]; total: Deferred<number> }) {
  const commentTotal = useDeferred(total);
  return (
    <DetailBlock title={`用户点评${commentTotal ? `（${commentTotal}）` : ''}`}>
      {comments.length ? (
        <ul className="xf-comments">
          {comments.map((c) => (
            <li key={c.id} className="xf-comments__item">
              <p className="xf-comments__who">
                {c.nickName}
                <span className="xf-stars" title={`${c.score}星`}>
                  {'★'.repeat(Math.max(0, Math.min(5, c.score)))}
                </span>
                <time>{day(c.createdAt)}</time>
              </p>
              <p className="xf-comments__text">{c.content}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dt-empty">暂无点评，快来抢沙发</p>
      )}
    </DetailBlock>
  );
}

/** 楼盘问答: the first questions and their total. */
function EstateWenda({ id, wenda, total }: { id: number; wenda: WendaItem[]; total: Deferred<number> }) {
  const wendaTotal = useDeferred(total);
  return (
    <DetailBlock
      title={`楼盘问答${wendaTotal ? `（${wendaTotal}）` : ''}`}
      more={{ href: `/xinfang/wendalist?id=${id}`, label: '全部问答' }}
    >
      {wenda.length ? (
        <ul className="xf-qa">
          {wenda.map((q) => (
            <li key={q.id}>
              <AppLink href={`/wenda/${q.id}.html`}>
                <span className="xf-qa__q">问</span>
                <span>{q.title}</span>
                <small>{q.answerCount}个回答</small>
              </AppLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="dt-empty">还没有人提问，有疑问可以问问置业顾问</p>
      )}
    </DetailBlock>
  );
}
