import { WALL_THUMB_WIDTHS } from './constants.js';

/** The `srcset` of a grid thumbnail: the browser takes the smallest that fills its tile (WALL_TILE_SIZES). */
export const wallThumbSrcSet = (post: { thumb: string; thumbSmall: string }): string =>
  `${post.thumbSmall} ${WALL_THUMB_WIDTHS.small}w, ${post.thumb} ${WALL_THUMB_WIDTHS.large}w`;
