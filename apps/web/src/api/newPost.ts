import { uploadForm, type UploadOptions } from './upload';

/** The fields of a new post: its photo, its text and the urlpoint of the place it was taken at. */
export interface NewPost {
  text: string;
  lugar?: string;
  media: File;
}

/** POST /api/post/create: the photo, its text and place, with the upload's progress. */
export const uploadNewPost = ({ text, lugar, media }: NewPost, options: UploadOptions) =>
  uploadForm('POST /post/create', { form: { text, lugar, media } }, options);
