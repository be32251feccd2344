/** The element ids the server writes and the browser entry reads: here so the client bundle needs nothing else. */
export const STATE_SCRIPT_ID = '__STATE__';
export const APP_ROOT_ID = 'app';
