import { Ajv } from 'ajv';
import type { Got } from 'got';
import { getList, getObj, seg } from './call.ts';
import type { CallContext } from './http.ts';
import type { TopicDetail, TopicItem } from './types.ts';

const ajv = new Ajv({ allErrors: false, strict: true });
const count = { type: 'integer', minimum: 0 } as const;
const list = { type: 'array', items: { type: 'object' } } as const;
const topicProps = {
  id: { type: 'integer', minimum: 1 },
  cityId: { type: 'integer', minimum: 1 },
  title: { type: 'string', minLength: 1 },
  intro: { type: 'string' },
  cover: { type: 'string' },
  docCount: count,
  wendaCount: count,
  listingCount: count,
  loupanCount: count,
} as const;
const topicRequired = ['id', 'cityId', 'title', 'intro', 'cover'];

/** The fields a topic page cannot render without (src/api/records.ts explains the rule). */
const checks = {
  topicItem: ajv.compile({ type: 'object', required: topicRequired, properties: topicProps }),
  topicDetail: ajv.compile({
    type: 'object',
    required: [...topicRequired, 'docs', 'wenda', 'listings', 'loupans'],
    properties: { ...topicProps, docs: list, wenda: list, listings: list, loupans: list },
  }),
};

/** Housing topics (issue 15 part C; our paths): a city's topics, and one with its articles, questions and listings. */
export function createTopicApi(gateway: Got) {
  return {
    list: (call: CallContext, cityId: number) => getList<TopicItem>(gateway, call, `/api/topic/list/${seg(cityId)}`, {}, checks.topicItem),
    detail: (call: CallContext, id: number) => getObj<TopicDetail>(gateway, call, `/api/topic/${seg(id)}`, {}, checks.topicDetail),
  };
}
