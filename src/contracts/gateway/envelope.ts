/** A paged answer of the gateway (SPEC 7.1: lists are read from `obj.content`). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  /** 1-based page number, as requested. */
  number: number;
  size: number;
  first: boolean;
  last: boolean;
}
