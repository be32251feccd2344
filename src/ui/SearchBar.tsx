import { SearchBox } from './search/SearchBox.tsx';

/**
 * The search bar of the home page, the placeholders and the 404 screen: the site-wide search box (issue 14), a GET
 * form to /search?q=… that works before hydration and without JavaScript, with suggestions as the visitor types.
 */
export function SearchBar({ placeholder = '搜索小区、商圈、地铁站', defaultValue = '', className = '' }) {
  return <SearchBox name="keyword" placeholder={placeholder} defaultValue={defaultValue} className={className} />;
}
