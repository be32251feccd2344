import type { XiaoquItem } from './xiaoqu.ts';
import type { LoupanItem } from './xinfang.ts';

/** School levels as the gateway names them (SPEC 7.6). */
export type SchoolLevel = '幼儿园' | '小学' | '初中' | '高中' | '九年一贯制';
/** 公办 (public) or 民办 (private). */
export type SchoolNature = '公办' | '民办';

export interface SchoolItem {
  schoolId: number;
  id: number;
  name: string;
  level: string;
  nature: string;
  /** A key school (重点学校: 省示范 / 市重点). */
  keySchool: boolean;
  /** Its place among the schools of the same level in its district (1 = first), by the gateway's ranking. */
  regionRank: number;
  address: string;
  tags: string[];
  img: string;
  cityId: number;
  regionId: number;
  regionName: string | null;
  lat: number | null;
  lng: number | null;
}

/** The school list's and search's filter (POST web/school/findLouPanSchoolByWeb, GET web/school/search). */
export interface SchoolFilter {
  cityId: number;
  regionId?: number;
  level?: SchoolLevel;
  nature?: SchoolNature;
  keySchool?: boolean;
  keyword?: string;
  page?: number;
  size?: number;
}

/** A school of a list: with the number of communities it takes pupils from. */
export type SchoolListItem = SchoolItem & { xiaoquCount: number };

/** The school's own fields, as the backend's mapper builds them. */
export interface SchoolProfile extends SchoolItem {
  phone: string;
  founded: number;
  /** Introduction: paragraphs separated by line breaks. */
  description: string;
  /** Enrolment rules: one rule a line. */
  enrollRule: string;
}

/** GET of one school: its profile, its catchment communities, the estates around it and the schools nearby. */
export interface SchoolDetail extends SchoolProfile {
  xiaoquList: XiaoquItem[];
  louPanList: LoupanItem[];
  aroundSchool: SchoolItem[];
}
