import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { ApiFailure } from '../../api/queries/apiData';
import { useMapReportMutation } from '../../api/queries/mapReport';
import { toast } from '../../components/Toast/toast';
import { esMapaSheet } from '../../i18n/screens/mapa';
import styles from './mapaLocation.module.css';

const text = esMapaSheet.report;

/** 'Informar de un error': a button that opens a one-field form telling what data is wrong. */
export function ReportForm({ urlpoint }: { urlpoint: string }) {
  const id = useId();
  const report = useMapReportMutation(urlpoint);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    if (reason.trim().length < 3) {
      toast(MSG.mapReportRequired, 'ko');
      return;
    }
    report.mutate(reason, {
      onSuccess: (msg) => {
        toast(msg || MSG.mapReportSent, 'ok');
        setOpen(false);
        setReason('');
      },
      onError: (error) =>
        toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : MSG.serverError, 'ko'),
    });
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)} aria-expanded={false}>
        <Flag aria-hidden="true" size={18} />
        {text.open}
      </button>
    );
  }
  return (
    <form className={`card ${styles.form}`} onSubmit={submit} noValidate>
      <h3 className={styles.formTitle}>{text.title}</h3>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{text.reason}</label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={500}
          placeholder={text.placeholder}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          autoFocus
        />
      </div>
      <div className={styles.formActions}>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" aria-disabled={report.isPending}>
          {text.send}
        </button>
      </div>
    </form>
  );
}
