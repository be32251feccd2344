/** One open-source part or data source the site uses: its name, its licence and what it is used for. */
export interface Credit {
  name: string;
  /** the licence as its authors name it (MIT, BSD-2-Clause, …) */
  licence: string;
  /** what the site uses it for, in Chinese */
  use: string;
  /** where it comes from (the project's address, as text) */
  source?: string;
}

/** /kaiyuan (issue 34): 开源许可与数据来源, in groups (browser, server, data). */
export interface CreditsData {
  groups: Array<{ id: string; title: string; note: string; items: Credit[] }>;
}
