import { okEnvelope, searchResultsSchema } from '../answers/index.js';
import { searchParams, searchQuery } from '../search.js';
import type { CallTable } from './call.js';

export const searchCalls = {
  'GET /search/all/:text': {
    params: searchParams,
    query: searchQuery,
    answer: okEnvelope(searchResultsSchema),
  },
} satisfies CallTable;
