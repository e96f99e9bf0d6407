import { useState, type FormEvent } from 'react';
import { Check, X } from 'lucide-react';
import { REPORTED_PRICE_MAX, type MapService, type ServiceReport } from '@nomadas/shared';
import type { ServiceStatus as Status } from '@nomadas/shared/schemas';
import { outbox, pendingOf, useOutbox } from '../../api/outbox/outbox';
import { usePlaceStatusQuery } from '../../api/queries/placeStatus';
import { fullDate } from '../../i18n/relativeTime';
import { esMapa } from '../../i18n/screens/mapa';
import { esPlaceStatus } from '../../i18n/screens/placeStatus';
import { SERVICE_ICONS } from '../../map/kinds';
import { reportAge } from '../../map/reportAge';
import { useSessionUser } from '../../session/session';
import styles from './placeStatus.module.css';

const text = esPlaceStatus;

/** "funciona · confirmado hace 3 h por 4 nómadas", "opiniones distintas · 2 funciona, 1 no funciona". */
function detailOf(status: Status): string {
  if (status.at === null) return '';
  const ago = reportAge(status.at);
  if (status.state === 'distintas') return text.services.split(status.works, status.broken);
  return status.state === 'funciona'
    ? text.services.confirmed(ago, status.works)
    : text.services.reported(ago, status.broken);
}

/**
 * The sheet's services, each with its state as the nomads' fresh reports tell it, and for registered users
 * the two buttons that say it works or not now (one tap, through the outbox: it waits for the signal).
 */
export function ServiceStatus({ urlpoint, services }: { urlpoint: string; services: MapService[] }) {
  const user = useSessionUser();
  const status = usePlaceStatusQuery(urlpoint);
  const pending = pendingOf(useOutbox(), 'placeReport', (write) => write.urlpoint === urlpoint);
  const byService = new Map(status.data?.services.map((s) => [s.service, s]));
  const said = (service: MapService): ServiceReport | null => {
    const last = pending.findLast((entry) => {
      const { report } = entry.write;
      return report.about === 'service' && report.service === service;
    })?.write.report;
    return last?.about === 'service' ? last.state : (byService.get(service)?.mine ?? null);
  };
  const report = (service: MapService, state: ServiceReport) =>
    outbox.add({ kind: 'placeReport', urlpoint, report: { about: 'service', service, state } });

  return (
    <>
      {status.data && <p className={styles.hint}>{text.services.hint(status.data.freshHours)}</p>}
      <ul className={styles.services}>
        {services.map((service) => {
          const Icon = SERVICE_ICONS[service];
          const s = byService.get(service);
          const state = s?.state ?? 'sin_confirmar';
          const mine = said(service);
          return (
            <li key={service} className={styles.service} data-service={service}>
              <span className={styles.icon} aria-hidden="true">
                <Icon size={20} />
              </span>
              <span className={styles.name}>
                {esMapa.services[service]}
                {s && (
                  <span className={styles.state}>
                    <span className={`${styles.stateWord} ${styles[state]}`}>
                      {text.services.state[state]}
                    </span>
                    {s.at && (
                      <>
                        {' · '}
                        <time dateTime={s.at} title={fullDate(s.at)}>
                          {detailOf(s)}
                        </time>
                      </>
                    )}
                  </span>
                )}
              </span>
              {user && (
                <span className={styles.buttons}>
                  <button
                    type="button"
                    aria-pressed={mine === 'funciona'}
                    aria-label={text.services.worksLabel(service)}
                    onClick={() => report(service, 'funciona')}
                  >
                    <Check aria-hidden="true" size={16} />
                    {text.services.works}
                  </button>
                  <button
                    type="button"
                    aria-pressed={mine === 'no_funciona'}
                    aria-label={text.services.brokenLabel(service)}
                    onClick={() => report(service, 'no_funciona')}
                  >
                    <X aria-hidden="true" size={16} />
                    {text.services.broken}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <PricePaid urlpoint={urlpoint} />
    </>
  );
}

/** The latest price paid, with its age; registered users say theirs. */
function PricePaid({ urlpoint }: { urlpoint: string }) {
  const user = useSessionUser();
  const status = usePlaceStatusQuery(urlpoint);
  const [value, setValue] = useState('');
  const price = status.data?.price;
  const send = (event: FormEvent) => {
    event.preventDefault();
    const paid = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(paid) || paid < 0 || paid > REPORTED_PRICE_MAX) return;
    outbox.add({
      kind: 'placeReport',
      urlpoint,
      report: { about: 'price', price: Math.round(paid * 100) / 100 },
    });
    setValue('');
  };
  return (
    <div className={styles.price}>
      <p className={styles.hint}>
        <strong>{text.price.heading}: </strong>
        {price ? (
          <time dateTime={price.at} title={fullDate(price.at)}>
            {text.price.latest(price.price, reportAge(price.at), price.reports)}
          </time>
        ) : (
          text.price.none
        )}
      </p>
      {user && (
        <form onSubmit={send} className={styles.price}>
          <label>
            {text.price.label}
            <input
              className="form-control"
              inputMode="decimal"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              pattern="[0-9]+([.,][0-9]{1,2})?"
            />
          </label>
          <button type="submit" className="btn btn-secondary">
            {text.price.send}
          </button>
        </form>
      )}
    </div>
  );
}
