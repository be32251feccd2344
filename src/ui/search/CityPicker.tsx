import { useEffect, useState } from 'react';
import type { CityLink, CityPageData } from '../../contracts/page-data/search.ts';
import { SearchIcon } from '../icons.tsx';
import { storeCityList } from './storage.ts';

/** A city matches what is typed by its Chinese name, the start of its pinyin or of its initials (`wuhan`, `wh`, `武汉`). */
export function cityMatches(c: Pick<CityLink, 'name' | 'pinyin' | 'initials'>, typed: string): boolean {
  const q = typed.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return true;
  const { name: cityName, pinyin, initials } = c;
  return cityName.includes(q) || pinyin.startsWith(q) || initials.startsWith(q);
}

const CityAnchor = ({ c }: { c: CityLink }) => (
  // Another host: a plain link, the whole page loads there.
  <a href={c.href} className={`cityp__city${c.current ? ' is-current' : ''}`} aria-current={c.current ? 'true' : undefined}>
    {c.name}
  </a>
);

/**
 * The city picker (issue 14): the current city, the hot cities, every city by letter with an A–Z index, and a filter
 * that narrows the list as the visitor types (Chinese, pinyin, initials). Each city is a link to its host on the page
 * the visitor came from. The list is kept in local storage (SPEC 9).
 */
export function CityPicker({ data }: { data: CityPageData }) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    storeCityList(data.groups.flatMap((g) => g.cities.map((c) => ({ cityId: c.cityId, name: c.name, pinyin: c.pinyin }))));
  }, [data.groups]);
  const all = data.groups.flatMap((g) => g.cities);
  const found = typed.trim() ? all.filter((c) => cityMatches(c, typed)) : null;
  return (
    <div className="cityp">
      <form className="cityp__search" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchIcon size={18} />
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="输入城市名或拼音，如：武汉、wuhan"
          aria-label="搜索城市"
          autoComplete="off"
          maxLength={20}
        />
      </form>
      {found ? (
        <section className="cityp__block" data-testid="city-matches">
          <h2 className="cityp__head">搜索结果</h2>
          {found.length ? (
            <ul className="cityp__rows">
              {found.map((c) => (
                <li key={c.cityId}>
                  <a href={c.href} className="cityp__row">
                    {c.name}
                    <span>{c.province}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="cityp__none">没有找到该城市，换个名称或拼音试试</p>
          )}
        </section>
      ) : (
        <>
          <section className="cityp__block">
            <h2 className="cityp__head">当前城市</h2>
            <p className="cityp__grid">
              <span className="cityp__city is-current" data-testid="current-city">
                {data.current.name}
              </span>
            </p>
          </section>
          {data.hot.length ? (
            <section className="cityp__block">
              <h2 className="cityp__head">热门城市</h2>
              <p className="cityp__grid">
                {data.hot.map((c) => (
                  <CityAnchor key={c.cityId} c={c} />
                ))}
              </p>
            </section>
          ) : null}
          {data.groups.map((g) => (
            <section key={g.letter} className="cityp__letter" id={`city-${g.letter}`} data-letter={g.letter}>
              <h2 className="cityp__letter-head">{g.letter}</h2>
              <ul className="cityp__rows">
                {g.cities.map((c) => (
                  <li key={c.cityId}>
                    <a
                      href={c.href}
                      className={`cityp__row${c.current ? ' is-current' : ''}`}
                      aria-current={c.current ? 'true' : undefined}
                    >
                      {c.name}
                      {c.current ? <em>当前</em> : null}
                      <span>{c.province}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <nav className="cityp__index" aria-label="按字母查找城市">
            {data.groups.map((g) => (
              <a key={g.letter} href={`#city-${g.letter}`}>
                {g.letter}
              </a>
            ))}
          </nav>
        </>
      )}
    </div>
  );
}
