import { MSG, USERNAME_RESERVED_DAYS } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { hidePosition } from '../map/live-positions.js';
import { occupancyReportedBy, recountOccupancyOf } from '../map/place-status.service.js';
import { releaseImage } from '../posts/posts.service.js';
import { selectChannelFilesOfOwner, uncountSubscriptionsAndLikes } from '../channels/channels.queries.js';
import { removeChannelFiles } from '../channels/channels.service.js';
import { removeUploadsOf, videoDirs } from '../videos/video-files.js';
import * as q from './account-deletion.queries.js';
import { releaseProfileImages } from './own-profile.service.js';
import { requirePassword } from './password-check.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * POST /api/perfil/delete: the account and everything it made, in one transaction; nobody else's data is
 * touched beyond losing the user's likes, comments, reports and channel subscriptions from their counters
 * (replies to the user's comments stay, see keepOthersReplies). The files (photos of posts and places, the
 * channel's videos and images, uploads in progress) go after the commit. The username stays reserved for
 * USERNAME_RESERVED_DAYS so nobody can pass for them; the e-mail address is free at once.
 */
export async function deleteAccount(ctx: AppContext, viewer: Viewer, password: string): Promise<string> {
  const user = await requirePassword(ctx, viewer, password, 'deleteAccountUser', MSG.passwordWrong);
  // The product's own account writes the official messages; it has no password, so this is belt and braces.
  if (user.is_official) throw forbidden();
  // A shared point leaves the maps that show it now: its watchers are known only while the account is.
  await hidePosition(ctx, viewer.id);

  const removed = await ctx.db.transaction().execute(async (trx) => {
    const locked = await q.lockUser(trx, viewer.id);
    if (!locked) throw unauthorized();
    const media = await q.selectPostMedia(trx, viewer.id);
    const placePhotos = await q.takePlacePhotos(trx, viewer.id);
    const channelFiles = await selectChannelFilesOfOwner(trx, viewer.id);
    const addresses = await q.selectUserAddresses(trx, viewer.id, locked.email);
    await q.uncountLikes(trx, viewer.id);
    await q.uncountReports(trx, viewer.id);
    await q.keepOthersReplies(trx, viewer.id);
    await q.uncountComments(trx, viewer.id);
    await q.uncountMapMarks(trx, viewer.id);
    const roomReported = await occupancyReportedBy(ctx, trx, viewer.id);
    await uncountSubscriptionsAndLikes(trx, viewer.id);
    await q.deleteOutboxMail(trx, addresses);
    await q.deleteContactMessages(trx, viewer.id);
    await q.deleteVideoViews(trx, viewer.id);
    await q.reserveUsername(trx, locked.username, new Date(Date.now() + USERNAME_RESERVED_DAYS * DAY_MS));
    await q.deleteUser(trx, viewer.id);
    // Their place reports went with the account: the room states they counted in are decided again.
    await recountOccupancyOf(ctx, trx, roomReported);
    return {
      media: [...new Set([...media, ...placePhotos])],
      channelFiles,
      images: [locked.img_profile, locked.img_cover],
    };
  });

  await ctx.sessions.revoke({ userId: viewer.id });
  // Their posts, comments, likes and reviews went: the wall, the search and the map hear it.
  ctx.realtime.events.announce('account:changed', { userId: viewer.id, what: 'deleted' });
  // Photos are named by content: one another post or place still shows stays (releaseImage checks).
  for (const media of removed.media) await releaseImage(ctx, media);
  await releaseProfileImages(ctx, removed.images);
  await removeChannelFiles(ctx, removed.channelFiles);
  // Uploads in progress can no longer go on (the sessions are gone): their files go now.
  await removeUploadsOf(videoDirs(ctx.config), viewer.id);
  return MSG.accountDeleted;
}
