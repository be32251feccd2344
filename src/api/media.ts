import type { Got } from 'got';
import { getObj, getPage, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { checks } from './records.ts';
import type { MediaListQuery, Page, VideoDetail, VideoItem, VrItem, VrTour } from './types.ts';

/** Video and VR (issue 19; our gateway paths, SPEC 7 shows none): property clips and panorama tours, checked as they enter. */
export function createMediaApi(gateway: Got) {
  return {
    videoList: (call: CallContext, q: MediaListQuery): Promise<Page<VideoItem>> =>
      getPage<Page<VideoItem>>(gateway, call, 'api/video/list', { searchParams: { ...q } }, q.size ?? 10, checks.videoItem),
    video: (call: CallContext, id: number) => getObj<VideoDetail>(gateway, call, `api/video/find/${seg(id)}`, {}, checks.videoItem),
    vrList: (call: CallContext, q: MediaListQuery): Promise<Page<VrItem>> =>
      getPage<Page<VrItem>>(gateway, call, 'api/vr/list', { searchParams: { ...q } }, q.size ?? 10, checks.vrItem),
    vr: (call: CallContext, id: number) => getObj<VrTour>(gateway, call, `api/vr/find/${seg(id)}`, {}, checks.vrTour),
  };
}
