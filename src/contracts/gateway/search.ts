export type SearchKind = 'loupan' | 'ershoufang' | 'zufang' | 'business' | 'xiaoqu' | 'school' | 'info' | 'wenda' | 'baike';

export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string;
  url: string;
  price?: number | null;
  ershoucount?: number;
  zufangcount?: number;
}
