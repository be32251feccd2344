import type { FormPageData, MyShoucangData, PhotoData } from '../contracts/page-data/member.ts';
import { kindOfHouseType } from '../lib/listing-kinds.ts';
import type { Meta } from '../pipeline/types.ts';

/** The heads of the member pages and of the gallery: a member's own pages are never indexed. */

export const myShoucangMeta: Meta<MyShoucangData> = (ctx) => ({ title: `我的收藏_${ctx.site.brand}`, robots: 'noindex' });

export const yuyuekanfangMeta: Meta<FormPageData> = (ctx, { house }) => ({
  title: `预约看房${house ? `_${house.title}` : ''}_${ctx.site.brand}`,
  robots: 'noindex',
});

export const jubaoMeta: Meta<FormPageData> = (ctx, { house }) => ({
  title: `举报房源${house ? `_${house.title}` : ''}_${ctx.site.brand}`,
  robots: 'noindex',
});

/** An estate's album, or a listing's photos (one canonical per gallery: its id and type). */
export const photoMeta: Meta<PhotoData> = (ctx, data) => {
  if (data.loupan) {
    return { title: `${data.loupan.name}相册_${ctx.site.brand}`, canonical: `/photo?id=${data.loupan.houseId}&type=xinfang` };
  }
  const caption = data.caption;
  return {
    title: `${data.houseTitle}图片_${caption?.xiaoquName ?? ''}实拍图_${ctx.site.brand}`,
    description: `${caption?.xiaoquName ?? ''}${caption?.huxing ?? ''}${caption?.area ?? ''}㎡房源实拍图共${data.photoList.length}张。`,
    canonical: `/photo?id=${data.houseId}&type=${kindOfHouseType(data.houseType)}`,
  };
};
