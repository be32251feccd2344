/**
 * Where the browser keeps its compare list (localStorage) and the window event that says it changed (issue 37 part 4).
 * A module of their own: every page's first JavaScript needs these two names, not the list's rules (src/lib/compare.ts).
 */
export const COMPARE_STORAGE_KEY = 'compare:list';
export const COMPARE_CHANGE_EVENT = 'compare:change';
