import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { EditChannelBody, EditVideoBody, NewChannelBody } from '@nomadas/shared/schemas';
import { call, isOk } from '../client';
import { uploadForm } from '../upload';
import { ApiFailure } from './apiData';
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

/** POST /api/canales: creates my channel. */
export const useCreateChannelMutation = () =>
  useChannelEdit((body: NewChannelBody) => send(call('POST /canales', { body })));

/** POST /api/canales/{name}/edit: its name and description. */
export const useEditChannelMutation = (url: string) =>
  useChannelEdit((body: EditChannelBody) =>
    send(call('POST /canales/:name/edit', { params: { name: url }, body })),
  );

/** POST /api/canales/{name}/avatar or /cover (multipart `media`). */
export const useChannelImageMutation = (url: string) =>
  useChannelEdit(({ kind, file }: { kind: 'avatar' | 'cover'; file: File }) => {
    return send(uploadForm(`POST /canales/:name/${kind}`, { params: { name: url }, form: { media: file } }));
  });

/** POST /api/canales/{name}/delete: the channel with all its videos. */
export const useDeleteChannelMutation = (url: string) =>
  useChannelEdit(() => send(call('POST /canales/:name/delete', { params: { name: url } })));

/** POST /api/canales/{name}/{videoname}/edit: a video's title and description. */
export const useEditVideoMutation = (url: string) =>
  useChannelEdit(({ name, body }: { name: string; body: EditVideoBody }) =>
    send(call('POST /canales/:name/:videoname/edit', { params: { name: url, videoname: name }, body })),
  );

/** POST /api/canales/{name}/{videoname}/delete. */
export const useDeleteVideoMutation = (url: string) =>
  useChannelEdit((name: string) =>
    send(call('POST /canales/:name/:videoname/delete', { params: { name: url, videoname: name } })),
  );
