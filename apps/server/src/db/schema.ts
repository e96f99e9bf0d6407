import type { ColumnType, Generated, Insertable, RawBuilder, Selectable } from 'kysely';
import type { UserRole } from '@nomadas/shared/answers';
import type { NotificationType } from '@nomadas/shared/answers';
import type { MapKind, VehicleType, VideoState } from '@nomadas/shared';

/** The database as the queries see it. Migrations never import this file. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_codes: AccountCodesTable;
  path_visits: PathVisitsTable;
  events: EventsTable;
  contact_messages: ContactMessagesTable;
  follows: FollowsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  post_reports: PostReportsTable;
  post_hashtags: PostHashtagsTable;
  hashtags: HashtagsTable;
  post_mentions: PostMentionsTable;
  moderation_log: ModerationLogTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationsTable;
  signing_keys: SigningKeysTable;
  email_changes: EmailChangesTable;
  export_downloads: ExportDownloadsTable;
  reserved_usernames: ReservedUsernamesTable;
  chat_messages: ChatMessagesTable;
  chat_conversations: ChatConversationsTable;
  chat_blocks: ChatBlocksTable;
  chat_requests: ChatRequestsTable;
  socket_tickets: SocketTicketsTable;
  friend_change_uses: FriendChangeUsesTable;
  map_locations: MapLocationsTable;
  map_reviews: MapReviewsTable;
  map_confirmations: MapConfirmationsTable;
  map_reports: MapReportsTable;
  map_saved_places: MapSavedPlacesTable;
  map_location_photos: MapLocationPhotosTable;
  place_reports: PlaceReportsTable;
  place_occupancy: PlaceOccupancyTable;
  map_offline_removed: MapOfflineRemovedTable;
  user_vehicles: UserVehiclesTable;
  place_lpg_prices: PlaceLpgPricesTable;
  live_positions: LivePositionsTable;
  channels: ChannelsTable;
  videos: VideosTable;
  channel_subscriptions: ChannelSubscriptionsTable;
  video_likes: VideoLikesTable;
  video_views: VideoViewsTable;
  jobs: JobsTable;
  listed_moderators: ListedModeratorsTable;
  login_trust: LoginTrustTable;
  write_receipts: WriteReceiptsTable;
  push_subscriptions: PushSubscriptionsTable;
  premium_interest: PremiumInterestTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Id = ColumnType<string, never, never>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  password_hash: string | null;
  description: Generated<string>;
  img_profile: Generated<string>;
  img_cover: Generated<string>;
  is_official: Generated<boolean>;
  role: Generated<UserRole>;
  activated_at: Date | null;
  /** Null until the first login of an account made through the registration form (its first-steps screen). */
  welcomed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}
export type UserRow = Selectable<UsersTable>;
/** The column holds the roles the login answer names (shared contract). */
export type { UserRole };
export type NewUser = Insertable<UsersTable>;

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  expires_at: Date;
  created_at: CreatedAt;
}

export type AccountCodePurpose = 'activate' | 'recover';

export interface AccountCodesTable {
  code_hash: Buffer;
  user_id: string;
  purpose: AccountCodePurpose;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface PathVisitsTable {
  id: Id;
  path: string;
  br: string;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Id;
  code: number;
  created_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Id;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: CreatedAt;
}

export interface FollowsTable {
  follower_id: string;
  followed_id: string;
  created_at: CreatedAt;
}

export interface PostsTable {
  id: Generated<string>;
  url: string;
  user_id: string;
  media: string;
  media_width: number;
  media_height: number;
  text: Generated<string>;
  edited_text: string | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  reports_count: Generated<number>;
  /** Sum of the reports' weights; the post is hidden (pending review) once it reaches REPORTS_TO_HIDE. */
  report_weight: Generated<number>;
  hidden_at: Date | null;
  /** The map place it was posted from (modules/map), if any. */
  location_id: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type PostRow = Selectable<PostsTable>;

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface CommentsTable {
  id: Generated<string>;
  post_id: string;
  user_id: string;
  parent_id: string | null;
  text: string;
  likes_count: Generated<number>;
  created_at: CreatedAt;
}
export type CommentRow = Selectable<CommentsTable>;

export interface PostReportsTable {
  post_id: string;
  user_id: string;
  weight: Generated<number>;
  created_at: CreatedAt;
}

export interface ModerationLogTable {
  id: Id;
  action: 'restore' | 'remove';
  post_url: string;
  author_id: string | null;
  moderator_id: string | null;
  reports_count: number;
  report_weight: number;
  created_at: CreatedAt;
}

export interface PostHashtagsTable {
  tag: string;
  post_id: string;
}

/** Each distinct tag once, with its post_hashtags rows counted (triggers keep it; the search reads it). */
export interface HashtagsTable {
  tag: ColumnType<string, never, never>;
  /** lower(immutable_unaccent(tag)), generated. */
  norm: ColumnType<string, never, never>;
  uses: ColumnType<number, never, never>;
}

export interface PostMentionsTable {
  post_id: string;
  user_id: string;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
  created_at: CreatedAt;
}

/** Secrets the server signs short-lived proofs with (modules/follows/friendship.ts), one per purpose. */
export interface SigningKeysTable {
  name: string;
  secret: Buffer;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: Id;
  user_id: string;
  /** Null for what the product itself says (the welcome). */
  actor_id: string | null;
  type: NotificationType;
  post_id: string | null;
  comment_id: string | null;
  /** The 'new video' notification's video. */
  video_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  seen_at: Date | null;
}

/** A new address waiting for the click on the link mailed to it (modules/own-profile). */
export interface EmailChangesTable {
  code_hash: Buffer;
  user_id: string;
  new_email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** A one-time link to download the data export (modules/own-profile). */
export interface ExportDownloadsTable {
  token_hash: Buffer;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** The username of a deleted account: registration refuses it until `release_at`. */
export interface ReservedUsernamesTable {
  username: string;
  release_at: Date;
}

/** A private chat message (modules/chat): plain text; `client_id` makes a resend idempotent. */
export interface ChatMessagesTable {
  id: Id;
  sender_id: string;
  recipient_id: string;
  body: string;
  client_id: string | null;
  created_at: CreatedAt;
}

/** One side of a conversation: the user's newest message with `peer_id` and how many of theirs are unseen. */
export interface ChatConversationsTable {
  user_id: string;
  peer_id: string;
  last_message_id: string;
  unseen: Generated<number>;
}

export interface ChatBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: CreatedAt;
}

/** A chat begun with someone who is not a friend, until (and after) they answer (modules/chat/chat-requests.ts). */
export interface ChatRequestsTable {
  sender_id: string;
  recipient_id: string;
  /** Messages sent before the answer; 0 records an older conversation (no request). */
  messages: number;
  answered_at: Date | null;
  created_at: CreatedAt;
}

/** POST /api/connectws's single-use ticket for /ws (realtime/tickets.ts). */
export interface SocketTicketsTable {
  id: string;
  secret_hash: Buffer;
  session_id: string;
  expires_at: Date;
}

/** Friendship tokens (`wsm`) the socket accepted, kept until they expire so a replay is ignored. */
export interface FriendChangeUsesTable {
  id: string;
  user_id: string;
  expires_at: Date;
}

/** A place on the map (modules/map): a draft seen by its author only until confirmed or approved. */
export interface MapLocationsTable {
  id: Generated<string>;
  urlpoint: string;
  kind: MapKind;
  name: string;
  description: Generated<string>;
  lat: number;
  lng: number;
  municipality: Generated<string>;
  province: Generated<string>;
  services: ColumnType<string[], string[] | undefined, string[]>;
  /** numeric: the driver answers it as text; the queries cast it. */
  price: ColumnType<string | null, number | null | undefined, number | null>;
  season: Generated<string>;
  max_stay: number | null;
  places: number | null;
  max_length: number | null;
  max_height: number | null;
  /** Tonnes. */
  max_weight: number | null;
  /** Months open, bit 0 January (packages/shared/src/seasons.ts); null: not stated. */
  months_open: number | null;
  surface: Generated<string>;
  /** Image stems (media/images.ts). */
  photos: ColumnType<string[], string[] | undefined, string[]>;
  author_id: string | null;
  status: ColumnType<'draft' | 'public', 'draft' | 'public' | undefined, 'draft' | 'public'>;
  confirmations: Generated<number>;
  rating_sum: Generated<number>;
  reviews_count: Generated<number>;
  /** Generated: rating_sum / reviews_count with one decimal, null without reviews (numeric, as text). */
  rating_avg: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The transaction that last changed it or its reviews (a trigger sets it; GET /api/map/offline). */
  offline_xid: ColumnType<string, never, never>;
  /** Generated: the name as the search reads it (place_search_norm), for exact and prefix matches. */
  search_name: ColumnType<string, never, never>;
  /** Generated: the town's name as the search reads it, for the places of a town typed with a typo. */
  search_town: ColumnType<string, never, never>;
  /** Generated: the words of name, town and province as the search reads them (tsvector), for word matches. */
  search_words: ColumnType<string, never, never>;
}

/** A user's own vehicle (modules/own-profile/vehicle.service.ts, issue #32). */
export interface UserVehiclesTable {
  user_id: string;
  type: VehicleType;
  length: number | null;
  height: number | null;
  weight: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Urlpoints of places that stopped being public, and the transaction that did it (offline deltas). */
export interface MapOfflineRemovedTable {
  urlpoint: string;
  xid: string;
}

/** The latest LPG price of a 'glp' place, from the Ministry's open data (modules/lpg-prices). */
export interface PlaceLpgPricesTable {
  location_id: string;
  /** The source's station (IDEESS): a re-import finds its place by it. */
  station_id: string;
  /** € per litre; numeric, read as float8. */
  lpg_price: ColumnType<string, number, number>;
  /** When the source says the price held ("Fecha"). */
  priced_at: ColumnType<Date, Date, Date>;
  imported_at: ColumnType<Date, Date | undefined, Date>;
  /** When an import first found the station gone from the source; null while it is listed. */
  delisted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MapReviewsTable {
  location_id: string;
  user_id: string;
  stars: number;
  text: string;
  /** A date: YYYY-MM-DD going in; read back as text by the queries. */
  stayed: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MapConfirmationsTable {
  location_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface MapReportsTable {
  location_id: string;
  user_id: string;
  reason: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A user's latest word on a place's topic, which ages (modules/map/place-status): a service, the price, room. */
export interface PlaceReportsTable {
  location_id: string;
  user_id: string;
  /** A service code ('agua'…), 'precio' or 'sitio'. */
  topic: string;
  /** 'funciona' | 'no_funciona' for a service, 'lleno' | 'pocas' | 'sitio' for room; null for a price. */
  state: string | null;
  /** € per night paid (0: free), for 'precio' only; numeric, read as float8. */
  price: ColumnType<string | null, number | null, number | null>;
  weight: number;
  reported_at: Date;
}

/** A place's current room state, kept by the writes for the map's points (place-status.queries.ts). */
export interface PlaceOccupancyTable {
  location_id: string;
  state: string;
  reported_at: Date;
}

/** A place in a user's "Mis lugares" (modules/map/saved-places). */
export interface MapSavedPlacesTable {
  user_id: string;
  location_id: string;
  created_at: CreatedAt;
}

/** Who added a photo of a place (map_locations.photos keeps their order); modules/map/place-photos. */
export interface MapLocationPhotosTable {
  location_id: string;
  /** An image stem (media/images.ts). */
  media: string;
  user_id: string;
  created_at: CreatedAt;
}

/** The latest point, obfuscated and coarsened, of a user who shares their position (modules/map/live-positions). */
export interface LivePositionsTable {
  user_id: string;
  lat: number;
  lng: number;
  /** 1 friends, 2 every registered user; 0 hidden (no point: kept until swept, for the frame limit). */
  type: number;
  until_at: Date;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A user's video channel (modules/channels); one per user. */
export interface ChannelsTable {
  id: Id;
  owner_id: string;
  url: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** Stems of the image pipeline (media/images.ts). */
  avatar: string | null;
  cover: string | null;
  subscribers: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  /** Videos in state 'lista', kept with each publish and delete. */
  videos_ready: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  last_video_at: Date | null;
  created_at: CreatedAt;
  /** The name as the search reads it (channel_search_norm), kept by PostgreSQL. */
  search_name: ColumnType<string, never, never>;
}

export interface VideosTable {
  id: Id;
  channel_id: string;
  name: string;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  state: ColumnType<VideoState, VideoState | undefined, VideoState>;
  progress: ColumnType<number, number | undefined, number>;
  /** The uploaded file, kept until the processing job succeeds. */
  original_key: string | null;
  original_name: ColumnType<string, string | undefined, string>;
  /** The tus upload it came from, and that upload's length (bigint, as text): a resumed upload that finds
   * it finished learns its video instead of starting again. */
  upload_id: string | null;
  upload_bytes: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  video_key: string | null;
  poster_key: string | null;
  duration: ColumnType<number, number | undefined, number>;
  width: ColumnType<number, number | undefined, number>;
  height: ColumnType<number, number | undefined, number>;
  /** bigint: read back as text. */
  size_bytes: ColumnType<string, string | number | undefined, string | number>;
  views: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  likes: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  created_at: CreatedAt;
  published_at: Date | null;
}

export interface ChannelSubscriptionsTable {
  channel_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface VideoLikesTable {
  video_id: string;
  user_id: string;
  created_at: CreatedAt;
}

/** One view per viewer (a user id, or a hash of a visitor's address) and day. */
export interface VideoViewsTable {
  video_id: string;
  viewer: string;
  /** YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
}

/** Durable background work (lib/jobs): claimed with a lease, retried after a crash. */
export interface JobsTable {
  id: Id;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  state: ColumnType<'pending' | 'done' | 'failed', 'pending' | undefined, 'pending' | 'done' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string | RawBuilder<Date>>;
  locked_until: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null | RawBuilder<Date>
  >;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, never, Date | RawBuilder<Date> | null>;
  /** Jobs of one lane run one at a time, taking turns with other lanes (a video's: its owner's). */
  lane: ColumnType<string | null, string | null | undefined, never>;
}

/** A name MODERATORS granted the role to, once, and the account that held it then (null once deleted). */
export interface ListedModeratorsTable {
  username: string;
  user_id: string | null;
  granted_at: CreatedAt;
}

/** A browser (device cookie) or address that logged into the account: a keyed hash of it. */
export interface LoginTrustTable {
  user_id: string;
  credential_hash: Buffer;
  kind: 'device' | 'address';
  last_login_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WriteReceiptsTable {
  user_id: string;
  key: string;
  call: string;
  /** Null only while the write's transaction is open (migrations/202611290001-write-receipts.ts). */
  status: number | null;
  /** The envelope answered, as JSON text on the way in. */
  answer: ColumnType<object | null, string | null, string | null>;
  created_at: CreatedAt;
}

/** A browser that gets Web Push for the user (modules/push); its endpoint is the push service's URL for it. */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which each payload is encrypted for. */
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** Who asked to hear when Premium can be bought ("Avísame" on /premium, modules/premium). */
export interface PremiumInterestTable {
  user_id: string;
  created_at: CreatedAt;
}
