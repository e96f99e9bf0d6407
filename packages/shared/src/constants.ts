/** Business constants and limits of spec §9 and DESIGN.md §6, shared by server and browser. */

export const POST_TEXT_MAX = 500;
export const COMMENT_TEXT_MAX = 1000;
/** Uploaded photos: larger files or images are refused before any work is done. */
export const POST_IMAGE_MAX_MB = 15;
export const POST_IMAGE_MAX_BYTES = POST_IMAGE_MAX_MB * 1024 * 1024;
export const POST_IMAGE_MAX_MEGAPIXELS = 40;
export const POST_IMAGE_MAX_PIXELS = POST_IMAGE_MAX_MEGAPIXELS * 1_000_000;
/** Latest top-level comments per post sent with a wall page (`cm=1`). */
export const WALL_COMMENTS_PREVIEW = 2;
export const TAG_MAX = 50;

export const WALL_VISITOR_POSTS = 5;
export const WALL_VISITOR_POPUP_MS = 2000;
export const WALL_GRID_COLUMNS = 3;
/** The grid's thumbnails: 480 px, and 240 px for phones whose tiles need no more (a 2× phone 360 px wide). */
export const WALL_THUMB_WIDTHS = { small: 240, large: 480 } as const;
/**
 * How wide a grid tile is drawn (apps/web Muro/WallList.module.css): a third of the screen less the 3 px gaps,
 * and at most 264 px beside the desktop's side column. The app's `<source sizes>` and /muro's preload links say
 * the same, or the browser would fetch a photo twice.
 */
export const WALL_TILE_SIZES = '(min-width: 1024px) 264px, calc((100vw - 6px) / 3)';
export const WALL_LOAD_MORE_PX = 100;
export const POSTS_PAGE_DEFAULT = 12;
/** The `<script type="application/json">` of /muro's HTML holding a visitor's first wall page. */
export const WALL_FIRST_PAGE_SCRIPT_ID = 'wall-first-page';
/**
 * The wall's view the user chose on this device, as a cookie the server reads to write /muro's preloads for
 * that view only (the grid's thumbnails are wasted bytes under the list): set to WALL_LIST_VIEW for the list,
 * absent for the grid. A preference the user made, nothing else.
 */
export const WALL_VIEW_COOKIE = 'muro_vista';
export const WALL_LIST_VIEW = '2';
export const POSTS_PAGE_MAX = 50;
/** People per page of each list of GET /api/follows/{username} (followers, following). */
export const FOLLOWS_PAGE_DEFAULT = 30;
export const FOLLOWS_PAGE_MAX = 100;
/** GET /api/friends answers at most this many, most recent friendships first. */
export const FRIENDS_MAX = 1000;
/** Top-level comments per page of GET /api/comment/get/{post} (each with all its replies). */
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
/**
 * How much one report counts toward REPORTS_TO_HIDE. An account younger than a day weighs a quarter:
 * three brand-new accounts add up to 0.75, and hiding a post with new accounts alone takes four times
 * the threshold (12 by default, more than one address may register in an hour). The moderation screen says so.
 */
export const REPORT_WEIGHT = {
  newAccountHours: 24,
  newAccount: 0.25,
  established: 1,
} as const;
/** The moderation queue (GET /api/moderacion). */
export const MODERATION_PAGE_DEFAULT = 20;
export const MODERATION_PAGE_MAX = 50;

export const TOAST_MS = 4000;
export const TOAST_POST_MS = 3000;

export const NOTIFICATIONS_POLL_MS = 30_000;
/** GET /api/notifications: newest first, this many per page. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** GET /api/notifications_nv counts pending ones up to this (the badge shows '99+' past 99). */
export const NOTIFICATIONS_PENDING_MAX = 100;
export const POSITION_UPDATE_MS = 20_000;
export const GEOLOCATION_TIMEOUT_MS = 5000;
export const VISIBILITY_RANGE_DEFAULT = 1000;
export const EARTH_RADIUS_KM = 6371;

export const SEARCH_DEBOUNCE_MS = 500;
/** GET /api/search/all/{text}: the text's length at most (a surrogate pair counting as one), and suggestions per group. */
export const SEARCH_TEXT_MAX = 100;
export const SEARCH_GROUP_MAX = 5;
export const FOLLOW_DEBOUNCE_MS = 500;
export const SUGGESTER_MIN_LENGTH = 2;

export const HTTP_TIMEOUT_MS = 20_000;
/**
 * A write sent with this header (a client id the phone made for it, 8 to 64 of [A-Za-z0-9_-]) takes effect once:
 * a retry of the same id by the same user answers what the first answered (IETF draft "The Idempotency-Key HTTP
 * Header Field"). The offline outbox sends every write with one.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A saved session with less than this left is dropped at start-up. */
export const SESSION_MIN_REMAINING_S = 10;
export const SESSION_TTL_S = 30 * 24 * 3600;

export const HOME_BANNER_EVERY_S = 86_400;
export const HOME_BANNER_DELAY_MS = 1000;
export const HOME_BANNER_MOUNT_DELAY_MS = 2000;

export const COOKIES_ESSENTIAL = 1;
export const COOKIES_ALL = 2;

export const SOCKET_MAX_RETRIES = 5;
export const SOCKET_RETRY_STEP_MS = 5000;
export const SOCKET_CLOSE_NO_RETRY = 3002;
export const SOCKET_CLOSE_OTHER_TAB = 3000;

export const CACHE_DEFAULT_S = 600;
export const COMMENT_AVATAR_PX = 34;

export const ACTIVATION_CODE_TTL_S = 7 * 24 * 3600;
export const RECOVERY_CODE_TTL_S = 3600;
/** The own account (/perfil, settings tab): a new address is confirmed from its mail within a day. */
export const EMAIL_CHANGE_CODE_TTL_S = 24 * 3600;
/** The data-export download link (POST /api/perfil/export) works once, within this time. */
export const EXPORT_LINK_TTL_S = 10 * 60;
/** A deleted account's username stays reserved this long, so nobody takes it to pass as them. */
export const USERNAME_RESERVED_DAYS = 30;
/** The profile description (`d`), a surrogate pair counting as one character. */
export const PROFILE_DESCRIPTION_MAX = 300;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The longest login name: an email address (RFC 5321). */
export const LOGIN_NAME_MAX = 254;

/** The contact form (POST /api/contacto). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

/** The product's own account: sends official chat messages, cannot log in. */
export const OFFICIAL_USERNAME = 'nomadas';

/** Local-storage keys of spec §3, to the letter, and `visible_point` (issue #28: the shown live position). */
export const STORAGE_KEYS = {
  token: 'token',
  userData: 'user_data',
  finishDate: 'finish_date',
  visible: 'visible',
  visibleRange: 'visible_range',
  visiblePoint: 'visible_point',
  cookies: 'cookies',
  bannerHomeTime: 'bannerHomeTime',
} as const;

/** Event codes sent to POST /api/sev. */
export const EVENT_CODES = {
  openPromoChat: 2,
} as const;
