import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { Channel, EditChannelBody, EditVideoBody, NewChannelBody } from '@nomadas/shared/schemas';
import { api, isOk } from '../client';
import { uploadForm } from '../upload';
import { ApiFailure, segment } from './apiData';
import { channelRoot } from './channel';
import { channelsRoot } from './channels';
import { ownChannelKey } from './ownChannel';
import { videoRoot } from './video';

// The owner's changes to their channel and videos (the profile's canal tab). Each resolves to the server's
// msg, and on OK every cached view of channels is fetched again where it is on screen.

async function send<T>(call: Promise<false | ApiEnvelope<T>>): Promise<string | undefined> {
  const answer = await call;
  if (!isOk(answer)) throw new ApiFailure(answer === false ? undefined : answer.msg);
  return answer.msg;
}

function refreshChannels(queryClient: QueryClient) {
  for (const queryKey of [ownChannelKey, channelRoot, channelsRoot, videoRoot]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

function useChannelEdit<V>(mutationFn: (variables: V) => Promise<string | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshChannels(queryClient) });
}

const channelPath = (url: string) => `/canales/${segment(url)}`;
const videoPath = (url: string, name: string) => `${channelPath(url)}/${segment(name)}`;

/** POST /api/canales: creates my channel. */
export const useCreateChannelMutation = () =>
  useChannelEdit((body: NewChannelBody) => send(api.post<ApiEnvelope<Channel>>('/canales', body)));

/** POST /api/canales/{name}/edit: its name and description. */
export const useEditChannelMutation = (url: string) =>
  useChannelEdit((body: EditChannelBody) => send(api.post(`${channelPath(url)}/edit`, body)));

/** POST /api/canales/{name}/avatar or /cover (multipart `media`). */
export const useChannelImageMutation = (url: string) =>
  useChannelEdit(({ kind, file }: { kind: 'avatar' | 'cover'; file: File }) => {
    const form = new FormData();
    form.append('media', file);
    return send(uploadForm(`${channelPath(url)}/${kind}`, form));
  });

/** POST /api/canales/{name}/delete: the channel with all its videos. */
export const useDeleteChannelMutation = (url: string) =>
  useChannelEdit(() => send(api.post(`${channelPath(url)}/delete`)));

/** POST /api/canales/{name}/{videoname}/edit: a video's title and description. */
export const useEditVideoMutation = (url: string) =>
  useChannelEdit(({ name, body }: { name: string; body: EditVideoBody }) =>
    send(api.post(`${videoPath(url, name)}/edit`, body)),
  );

/** POST /api/canales/{name}/{videoname}/delete. */
export const useDeleteVideoMutation = (url: string) =>
  useChannelEdit((name: string) => send(api.post(`${videoPath(url, name)}/delete`)));
