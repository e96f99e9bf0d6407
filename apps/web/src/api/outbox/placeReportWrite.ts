import type { QueryClient } from '@tanstack/react-query';
import type {
  OccupancyReportBody,
  PlaceStatus,
  PriceReportBody,
  ServiceReportBody,
} from '@nomadas/shared/schemas';
import { call, type RequestOptions } from '../client';
import { mapPointsRoot } from '../queries/mapPoints';
import { placeStatusKey } from '../queries/placeStatus';

/** A report that ages on a place (issue #32): a service works or not, the price paid, "¿Hay sitio?". */
export type PlaceReport =
  | ({ about: 'service' } & ServiceReportBody)
  | ({ about: 'price' } & PriceReportBody)
  | ({ about: 'occupancy' } & OccupancyReportBody);

export interface PlaceReportWrite {
  kind: 'placeReport';
  urlpoint: string;
  report: PlaceReport;
}

/**
 * Sends the report to its call, with the outbox's options (its Idempotency-Key). A room report refused as too
 * soon (429: one per user and place every half hour) is not sent again later, when it would be stale: the
 * outbox takes it as refused and shows the server's msg.
 */
export function sendPlaceReport({ urlpoint, report }: PlaceReportWrite, given: RequestOptions) {
  const options: RequestOptions = {
    ...given,
    onStatus: (status) => given.onStatus?.(status === 429 && report.about === 'occupancy' ? 409 : status),
  };
  const params = { urlpoint };
  switch (report.about) {
    case 'service':
      return call(
        'POST /map/location/:urlpoint/service',
        { params, body: { service: report.service, state: report.state } },
        options,
      );
    case 'price':
      return call('POST /map/location/:urlpoint/price', { params, body: { price: report.price } }, options);
    case 'occupancy':
      return call(
        'POST /map/location/:urlpoint/occupancy',
        { params, body: { state: report.state } },
        options,
      );
  }
}

/** The answer is the place's status now; a room report changes its marker and the list too. */
export function applyPlaceReport(queryClient: QueryClient, write: PlaceReportWrite, data: unknown) {
  queryClient.setQueryData(placeStatusKey(write.urlpoint), data as PlaceStatus);
  if (write.report.about === 'occupancy') void queryClient.invalidateQueries({ queryKey: mapPointsRoot });
}
