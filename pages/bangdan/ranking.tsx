import type { RankingListData } from '../../src/contracts/page-data/ranking.ts';
import { rankingHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { Chips, RankList, RkHero } from '../../src/ui/ranking/parts.tsx';

/** /rankingList/{ranking}: one ranking in full, at most 30 (issue 15 part C; SPEC 9). */
export default function RankingListPage({ data }: PageProps<RankingListData>) {
  const { city } = useAppState();
  const b = data.board;
  return (
    <div className="rk-page">
      <RkHero title={`${city.selectCityName}${b.name}`} sub={`${b.rule}，共${b.entries.length}名`}>
        <AppLink href="/bangdan" className="rk-hero__link">
          全部榜单 ›
        </AppLink>
      </RkHero>
      <Chips
        items={[{ href: rankingHref(b), label: b.name }, ...data.others.map((o) => ({ href: rankingHref(o), label: o.name }))]}
        current={rankingHref(b)}
      />
      <section className="card rk-sec">
        <RankList board={b} />
      </section>
    </div>
  );
}
