import { okEnvelope, searchResultsSchema } from '../answers/index.js';
import { searchParams } from '../search.js';
import type { CallTable } from './call.js';

export const searchCalls = {
  'GET /search/all/:text': { params: searchParams, answer: okEnvelope(searchResultsSchema) },
} satisfies CallTable;
