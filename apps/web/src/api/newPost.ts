import type { WallPost } from '@nomadas/shared/schemas';
import { uploadForm, type UploadOptions } from './upload';

/** POST /api/post/create: the photo, its text and place, with the upload's progress. */
export const uploadNewPost = (form: FormData, options: UploadOptions) =>
  uploadForm<WallPost>('/post/create', form, options);
