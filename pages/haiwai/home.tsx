import type { ReactNode } from 'react';
import type { HaiwaiHomeData } from '../../src/contracts/page-data/haiwai.ts';
import { countrySlug, OVERSEAS_LIST_BASE, overseasListHref } from '../../src/lib/overseas-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { OverseasCard } from '../../src/ui/haiwai/OverseasCard.tsx';
import { ChevronRight, GlobeIcon } from '../../src/ui/icons.tsx';

/** Why buy abroad with us: the four service promises under the countries. */
const SERVICES = ['选房咨询', '实地看房', '贷款办理', '交房托管'] as const;

function Block({ title, more, children }: { title: string; more: { href: string; label: string }; children: ReactNode }) {
  return (
    <section className="block card">
      <div className="block__head">
        <h2 className="block__title">{title}</h2>
        <AppLink href={more.href} className="block__more" aria-label={more.label}>
          更多
          <ChevronRight size={14} />
        </AppLink>
      </div>
      {children}
      <AppLink href={more.href} className="block__all">
        {more.label}
      </AppLink>
    </section>
  );
}

/** /haiwaihome: 海外房产 home, the countries with their counts, the newest listings and the lowest total prices. */
export default function HaiwaiHomePage({ data }: PageProps<HaiwaiHomeData>) {
  return (
    <div className="hw-home">
      <section className="hw-hero">
        <GlobeIcon size={40} className="hw-hero__icon" />
        <h1 className="hw-hero__title">海外房产</h1>
        <p className="hw-hero__sub">
          {data.countries.length}个国家 · <b data-testid="total">{data.total}</b>套精选海外房源
        </p>
        <ul className="hw-hero__svc">
          {SERVICES.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </section>
      <section className="card hw-countries">
        <h2 className="block__title">热门国家</h2>
        <ul className="hw-countries__grid">
          {data.countries.map((c) => (
            <li key={c.country}>
              <AppLink href={`${OVERSEAS_LIST_BASE}${countrySlug(c.country)}/`} className="hw-country" data-testid="country">
                <strong>{c.country}</strong>
                <span>{`${c.count}套在售`}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {data.featured.length ? (
        <Block title="精选海外房源" more={{ href: OVERSEAS_LIST_BASE, label: '查看全部海外房源' }}>
          <ul className="block__list" data-testid="featured">
            {data.featured.map((o) => (
              <li key={o.houseId}>
                <OverseasCard item={o} />
              </li>
            ))}
          </ul>
        </Block>
      ) : (
        <p className="dt-empty">暂无海外房源</p>
      )}
      {data.affordable.length ? (
        <Block title="低总价好房" more={{ href: overseasListHref({ sort: 1 }), label: '按总价从低到高查看' }}>
          <ul className="block__list">
            {data.affordable.map((o) => (
              <li key={o.houseId}>
                <OverseasCard item={o} />
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
    </div>
  );
}
