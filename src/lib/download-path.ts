/** SPEC 2.8: the app download page, where an 打开APP link goes without JavaScript and when the app did not open. */
export const DOWNLOAD_PATH = '/downloadapp/';
