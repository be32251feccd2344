import { useEffect } from 'react';
import { rememberSearch } from './storage.ts';

/** A results page that was opened (typed, a hot search, a shared link) counts as a recent search. */
export function RememberSearch({ keyword }: { keyword: string }) {
  useEffect(() => {
    if (keyword) rememberSearch({ q: keyword });
  }, [keyword]);
  return null;
}
