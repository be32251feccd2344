import type { ListingItem } from './listing.ts';
import type { XiaoquItem } from './xiaoqu.ts';
import type { LoupanItem } from './xinfang.ts';

export interface SchoolItem {
  schoolId: number;
  id: number;
  name: string;
  level: string;
  nature: string;
  address: string;
  tags: string[];
  img: string;
  cityId: number;
  regionId: number;
  regionName: string | null;
  lat: number | null;
  lng: number | null;
}

/** The school's own fields, as the backend's mapper builds them. */
export interface SchoolProfile extends SchoolItem {
  phone: string;
  founded: number;
  description: string;
  enrollRule: string;
}

/** GET of one school: its profile and what lies in its catchment. */
export interface SchoolDetail extends SchoolProfile {
  xiaoquList: XiaoquItem[];
  louPanList: LoupanItem[];
  secHandList: ListingItem[];
  rentList: ListingItem[];
  aroundSchool: SchoolItem[];
}
