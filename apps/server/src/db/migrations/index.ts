import type { Migration } from 'kysely';
import * as accounts from './202611220001-accounts.js';
import * as wall from './202611220002-wall.js';
import * as wallIndexes from './202611220003-wall-indexes.js';
import * as mailOutbox from './202611230001-mail-outbox.js';
import * as postsVisibility from './202611230010-posts-visibility.js';
import * as moderation from './202611230060-moderation.js';
import * as notifications from './202611231000-notifications.js';
import * as search from './202611231100-search.js';
import * as profiles from './202611231200-profiles.js';
import * as ownAccount from './202611231300-own-account.js';
import * as chat from './202611231500-chat.js';
import * as map from './202611240001-map.js';
import * as livePositions from './202611240002-live-positions.js';
import * as channels from './202611250001-channels.js';
import * as channelsSearch from './202611250010-channels-search.js';
import * as videoUploadIds from './202611250020-video-upload-ids.js';
import * as commentLikesUser from './202611260001-comment-likes-user.js';
import * as livePositionsHidden from './202611270101-live-positions-hidden.js';
import * as listedModerators from './202611270201-listed-moderators.js';
import * as loginTrust from './202611270202-login-trust.js';
import * as chatRequests from './202611270301-chat-requests.js';
import * as jobLanes from './202611270401-job-lanes.js';
import * as smallThumbsJob from './202611280001-small-thumbs-job.js';
import * as writeReceipts from './202611290001-write-receipts.js';
import * as pushSubscriptions from './202611290101-push-subscriptions.js';
import * as mapOffline from './202611290201-map-offline.js';
import * as placesSearch from './202611300101-places-search.js';
import * as vehiclesSeasons from './202611300301-vehicles-seasons.js';
import * as savedPlacesPhotos from './202611300501-saved-places-photos.js';
import * as placeReports from './202611300201-place-reports.js';
import * as lpgPrices from './202611300401-lpg-prices.js';
import * as firstLogin from './202611300801-first-login.js';
import * as lpgDelisted from './202612010201-lpg-delisted.js';
import * as premiumInterest from './202611300601-premium-interest.js';

/** Every migration, in the order it runs. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '202611220001-accounts': accounts,
  '202611220002-wall': wall,
  '202611220003-wall-indexes': wallIndexes,
  '202611230001-mail-outbox': mailOutbox,
  '202611230010-posts-visibility': postsVisibility,
  '202611230060-moderation': moderation,
  '202611231000-notifications': notifications,
  '202611231100-search': search,
  '202611231200-profiles': profiles,
  '202611231300-own-account': ownAccount,
  '202611231500-chat': chat,
  '202611240001-map': map,
  '202611240002-live-positions': livePositions,
  '202611250001-channels': channels,
  '202611250010-channels-search': channelsSearch,
  '202611250020-video-upload-ids': videoUploadIds,
  '202611260001-comment-likes-user': commentLikesUser,
  '202611270101-live-positions-hidden': livePositionsHidden,
  '202611270201-listed-moderators': listedModerators,
  '202611270202-login-trust': loginTrust,
  '202611270301-chat-requests': chatRequests,
  '202611270401-job-lanes': jobLanes,
  '202611280001-small-thumbs-job': smallThumbsJob,
  '202611290001-write-receipts': writeReceipts,
  '202611290101-push-subscriptions': pushSubscriptions,
  '202611290201-map-offline': mapOffline,
  '202611300101-places-search': placesSearch,
  '202611300201-place-reports': placeReports,
  '202611300301-vehicles-seasons': vehiclesSeasons,
  '202611300401-lpg-prices': lpgPrices,
  '202611300501-saved-places-photos': savedPlacesPhotos,
  '202611300601-premium-interest': premiumInterest,
  '202611300801-first-login': firstLogin,
  '202612010201-lpg-delisted': lpgDelisted,
};
