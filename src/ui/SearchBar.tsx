import { SearchIcon } from './icons.tsx';

/** A plain GET form to /search?keyword=…: works before hydration and without JavaScript. */
export function SearchBar({ placeholder = '搜索小区、商圈、地铁站', defaultValue = '', className = '' }) {
  return (
    <form className={`sbar ${className}`.trim()} action="/search" method="get" role="search">
      <SearchIcon size={18} className="sbar__icon" />
      <input
        className="sbar__input"
        type="search"
        name="keyword"
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-label="搜索关键词"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={50}
      />
      <button className="sbar__btn" type="submit">
        搜索
      </button>
    </form>
  );
}
