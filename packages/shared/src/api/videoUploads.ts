import { z } from 'zod';
import { VIDEO_UPLOAD_RESULT_HEADER } from '../channelConstants.js';
import type { CallTable, DescribedAnswer } from './call.js';

// The resumable video upload, tus 1.0.0 (tus.io/protocols/resumable-upload): its answers are headers, not JSON;
// its refusals the KO envelope. Node gives header names in lower case, which is how the schemas must name them.

const header = (description: string) => z.string().optional().describe(description);
const tusResumable = header('The protocol version: 1.0.0');
const uploadOffset = header('Bytes of the upload received so far, where this PATCH’s bytes go');

const answerHeader = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});
const tusAnswer = (description: string, headers: DescribedAnswer['headers']): DescribedAnswer => ({
  description,
  headers: { 'Tus-Resumable': answerHeader('1.0.0'), ...headers },
});
const madeVideo = answerHeader('The video the finished upload became (its name in the channel)');
const uploadParams = z.object({
  id: z.string().describe('The upload’s id, the last segment of its Location'),
});

export const videoUploadsCalls = {
  'POST /video-uploads': {
    headers: z.looseObject({
      'tus-resumable': tusResumable,
      'upload-length': header('The whole file’s size in bytes, at most the configured maximum'),
      'upload-metadata': header('`title` and `filename`, each as `key base64(value)`, separated by commas'),
    }),
    answers: {
      201: tusAnswer('The upload is created; its address is Location', {
        Location: answerHeader('/api/video-uploads/{id}'),
      }),
    },
  },
  'HEAD /video-uploads/:id': {
    params: uploadParams,
    headers: z.looseObject({ 'tus-resumable': tusResumable }),
    answers: {
      200: tusAnswer('Where to resume', {
        'Upload-Offset': answerHeader('Bytes received so far', 'integer'),
        'Upload-Length': answerHeader('The whole file’s size', 'integer'),
        [VIDEO_UPLOAD_RESULT_HEADER]: madeVideo,
      }),
    },
  },
  'PATCH /video-uploads/:id': {
    params: uploadParams,
    headers: z.looseObject({
      'tus-resumable': tusResumable,
      'upload-offset': uploadOffset,
      'content-type': header('application/offset+octet-stream'),
    }),
    answers: {
      204: tusAnswer('The bytes are stored', {
        'Upload-Offset': answerHeader('Bytes received so far', 'integer'),
        [VIDEO_UPLOAD_RESULT_HEADER]: madeVideo,
      }),
    },
  },
  'DELETE /video-uploads/:id': {
    params: uploadParams,
    headers: z.looseObject({ 'tus-resumable': tusResumable }),
    answers: { 204: tusAnswer('The upload and its bytes are gone', {}) },
  },
} satisfies CallTable;
