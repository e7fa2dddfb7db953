/** Where the system share sheet POSTs shared files (manifest `share_target`), and the form field that carries them. */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_TARGET_FILES_FIELD = 'media';
/** The search parameter of /media that opens the upload sheet with a share's files. */
export const SHARE_SEARCH_PARAM = 'share';
