import type { Dianping, WendaItem } from '../../contracts/gateway/index.ts';
import type { XinfangDetailData } from '../../contracts/page-data/xinfang.ts';
import { type Deferred, Streamed, useDeferred } from '../../render/deferred.ts';
import { AppLink } from '../AppLink.tsx';
import { Timeline } from '../detail/blocks.tsx';
import { DetailBlock } from '../detail/parts.tsx';
import { ChevronRight } from '../icons.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { AgentRow } from './AgentRow.tsx';
import { dongtaiEntry } from './dongtai-entry.tsx';
import { EstateItem } from './EstateItem.tsx';

const day = (s: string) => (s ?? '').slice(0, 10);

/**
 * The estate page below its prices and floor plans: advisers, news, pre-sale permits, facts, the map, schools,
 * reviews, Q&A and estates nearby. Its own chunk, loaded when it comes into view (pages/xinfang/detail.tsx; issue 35
 * part 4).
 */
export function XinfangDetailMore({ data }: { data: XinfangDetailData }) {
  const { estate: e } = data;
  const id = e.houseId;
  return (
    <>
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
            <Timeline items={dongtai.content.map((d) => dongtaiEntry(d, day(d.createdAt)))} />
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
    </>
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
