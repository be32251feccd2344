import t from 'tap';
import { knownNames } from '../../src/app.ts';
import type { XiaoquDetailData, XiaoquInformationData } from '../../src/contracts/page-data/xiaoqu.ts';
import { xiaoquDetailMeta, xiaoquInformationMeta } from '../../src/meta/xiaoqu.ts';
import type { MetaContext } from '../../src/pipeline/types.ts';
import { loadRegistryFile } from '../../src/registry/load.ts';
import { portalOverBackend } from '../listings/helpers.ts';

/**
 * A community record may lack facts (SPEC 3: the gateway's fields other than id and name are optional; the embedded
 * gateway always has them): the head names only what the record has, so a real gateway's sparse record is a page,
 * never a 502 for a description that printed `null`.
 */
const registry = loadRegistryFile('registry.json', knownNames()).file;
const ctxOf = (name: string, url: string): MetaContext => ({
  site: registry.site,
  city: { cityId: 1, name: '长沙', domain: '', servicePhone: '' },
  page: registry.pages.find((p) => p.name === name) as MetaContext['page'],
  params: {},
  query: { id: '1' },
  path: url.split('?')[0] as string,
  url,
  user: null,
});

const { get } = await portalOverBackend(t);
const data = async <D>(url: string) => (JSON.parse((await get(`/-/data${url}`)).body) as { route: { data: D } }).route.data;

t.test('the information and detail heads leave out facts the record lacks', async (t) => {
  const info = await data<XiaoquInformationData>('/xiaoqu/information?id=1');
  const full = xiaoquInformationMeta(ctxOf('xiaoqu.information', '/xiaoqu/information?id=1'), info);
  t.match(full.description, `开发商${info.xiaoqu.developer}`, 'a full record names its developer');
  // What src/api/records.ts lets through (strOrNull / numOrNull) although the contract's type is stricter.
  const sparse = {
    ...info,
    xiaoqu: { ...info.xiaoqu, developer: null, propertyCompany: null, propertyFee: null, households: null },
  } as unknown as XiaoquInformationData;
  const head = xiaoquInformationMeta(ctxOf('xiaoqu.information', '/xiaoqu/information?id=1'), sparse);
  t.notMatch(head.description, /null|undefined|开发商|物业公司/, String(head.description));
  t.match(head.description, `容积率${info.xiaoqu.plotRatio}`, 'what the record has is still said');

  const detail = await data<XiaoquDetailData>('/xiaoqu/1.html');
  const d = xiaoquDetailMeta(ctxOf('xiaoqu.detail', '/xiaoqu/1.html'), {
    ...detail,
    xiaoqu: { ...detail.xiaoqu, buildYear: null },
  } as unknown as XiaoquDetailData);
  t.notMatch(d.description, /null|undefined|，，/, String(d.description));
});
